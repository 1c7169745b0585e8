import { spawnSync } from 'node:child_process';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { showText, standardFaces, widthOfBytes, winAnsi, type StandardFace } from './standard-font.ts';

// The straightforward versions (as first written): the fast ones must give the same operators.
function referenceWidth({ widths, kerning }: StandardFace, bytes: string): number {
  let width = 0;
  for (let i = 0; i < bytes.length; i++) {
    width += widths[bytes.charCodeAt(i)]!;
    if (i + 1 < bytes.length) width += kerning[(bytes.charCodeAt(i) << 8) | bytes.charCodeAt(i + 1)]!;
  }
  return width;
}

function referenceShow({ kerning }: StandardFace, bytes: string): string {
  const escape = (piece: string) => piece.replace(/[()\\]/g, '\\$&');
  let out = '';
  let start = 0;
  for (let i = 0; i < bytes.length - 1; i++) {
    const kern = kerning[(bytes.charCodeAt(i) << 8) | bytes.charCodeAt(i + 1)]!;
    if (kern) {
      out += `(${escape(bytes.slice(start, i + 1))}) ${-kern} `;
      start = i + 1;
    }
  }
  return start ? `[${out}(${escape(bytes.slice(start))})] TJ` : `(${escape(bytes)}) Tj`;
}

// WinAnsi text with what makes operators interesting: kerned pairs (AV, Te, r.), (, ), \.
const winAnsiText = fc.string({ unit: fc.constantFrom(...'AVTeWa yr.,()\\ñÓ€—«»0123456789'), maxLength: 40 });

describe('Helvetica operators', () => {
  for (const [name, face] of Object.entries(standardFaces)) {
    it(`measures and shows ${name} text as pdfkit placed it: kerned pairs, escapes`, () => {
      fc.assert(
        fc.property(winAnsiText, (text) => {
          const bytes = winAnsi(text);
          expect(widthOfBytes(face, bytes)).toBe(referenceWidth(face, bytes));
          expect(showText(face, bytes)).toBe(referenceShow(face, bytes));
          expect(showText(face, bytes)).toBe(referenceShow(face, bytes)); // and again, from the cache
        }),
        { numRuns: 300 },
      );
    });
  }

  it('escapes parentheses and backslashes inside kerned pieces', () => {
    expect(showText(standardFaces.regular, 'AV(x)\\T')).toBe('[(A) 70 (V\\(x\\)\\\\T)] TJ');
    expect(showText(standardFaces.regular, '')).toBe('() Tj');
  });
});

describe('the show-text cache', () => {
  it('does not keep alive the text its strings were sliced from (one invoice XML per entry, before)', () => {
    // Its own process with --expose-gc: 1 000 strings, each sliced from its own 100 kB text, go
    // through the cache; after a full collection the texts are gone only if nothing holds them.
    const script = `
      import { showText, standardFaces } from ${JSON.stringify(new URL('./standard-font.ts', import.meta.url).href)};
      for (let i = 0; i < 1000; i++) {
        const xml = 'Total a pagar ' + String(i).padStart(6, '0') + ' '.repeat(100_000);
        showText(standardFaces.regular, xml.slice(0, 20));
      }
      globalThis.gc();
      console.log(process.memoryUsage().heapUsed);`;
    const run = spawnSync(process.execPath, ['--expose-gc', '--input-type=module', '-e', script], { encoding: 'utf8' });
    expect(run.stderr).toBe('');
    expect(Number(run.stdout) / 1048576).toBeLessThan(40); // 100 MB of texts if they were kept
  });
});
