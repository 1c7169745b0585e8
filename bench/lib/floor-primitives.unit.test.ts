import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { inflatedStreams } from './floor-primitives.ts';

describe('inflatedStreams', () => {
  it('finds every FlateDecode stream of a PDF and inflates it, passing over the others', () => {
    const page = Buffer.from('q 1 0 0 1 0 0 cm BT /F1 9 Tf (Factura) Tj ET Q\n'.repeat(20));
    const font = Buffer.from(Array.from({ length: 3000 }, (_, i) => i % 251));
    const pdf = Buffer.concat([
      Buffer.from('%PDF-1.3\n1 0 obj\n<<\n/Length 5\n>>\nstream\nplain\nendstream\nendobj\n'),
      ...[page, font].flatMap((content, i) => {
        const deflated = deflateSync(content);
        return [
          Buffer.from(`${i + 2} 0 obj\n<<\n/Length ${deflated.length}\n/Filter /FlateDecode\n>>\nstream\n`),
          deflated,
          Buffer.from('\nendstream\nendobj\n'),
        ];
      }),
      Buffer.from('%%EOF\n'),
    ]);
    const streams = inflatedStreams(pdf);
    expect(streams).toHaveLength(2);
    expect(streams[0]!.equals(page)).toBe(true);
    expect(streams[1]!.equals(font)).toBe(true);
  });
});
