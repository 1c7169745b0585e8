import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLogger } from './create-logger.ts';

function capture() {
  const lines: Record<string, unknown>[] = [];
  const destination = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(String(chunk)));
      done();
    },
  });
  return { lines, destination };
}

describe('createLogger', () => {
  it('redacts secrets at the top level, one level deep and in request headers', () => {
    const { lines, destination } = capture();
    const log = createLogger({ service: 'signer', destination }).child({ invoice_id: 'i-1' });
    log.info(
      {
        password: 'hunter2',
        tenant: { apiKey: 'fe_test_abc', name: 'Demo' },
        req: { headers: { authorization: 'Bearer fe_test_abc' } },
      },
      'signing',
    );
    const text = JSON.stringify(lines);
    expect(text).not.toContain('hunter2');
    expect(text).not.toContain('fe_test_abc');
    expect(lines[0]).toMatchObject({
      service: 'signer',
      invoice_id: 'i-1',
      msg: 'signing',
      password: '[redacted]',
      tenant: { name: 'Demo', apiKey: '[redacted]' },
    });
  });
});
