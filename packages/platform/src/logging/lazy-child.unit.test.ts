import { expect, it } from 'vitest';
import { createLogger } from '../adapters/pino/create-logger.ts';
import type { Logger } from '../ports/logger.ts';
import { lazyChild } from './lazy-child.ts';

it('makes the child only for a line the level writes, with the bindings and their redaction', () => {
  const lines: string[] = [];
  const base = createLogger({
    service: 'signer',
    level: 'warn',
    destination: { write: (line: string) => void lines.push(line) },
  });
  let made = 0;
  const counting: Logger = {
    ...base,
    isLevelEnabled: (l) => base.isLevelEnabled!(l),
    child: (f) => (made++, base.child(f)),
  } as Logger;
  const log = lazyChild(counting, { invoice_id: 'i-1', token: 'secret-value' });
  log.info({ step: 1 }, 'dropped at warn');
  expect(made).toBe(0);
  log.error({ step: 2 }, 'written');
  log.warn({ step: 3 }, 'written too');
  expect(made).toBe(1);
  expect(lines.map((l) => JSON.parse(l))).toMatchObject([
    { invoice_id: 'i-1', token: '[redacted]', step: 2, msg: 'written' },
    { invoice_id: 'i-1', step: 3 },
  ]);
  expect(lines.join('')).not.toContain('secret-value');
  lazyChild(counting, { a: 1 }).child({ b: 2 }).error({}, 'merged');
  expect(JSON.parse(lines.at(-1)!)).toMatchObject({ a: 1, b: 2 });
});
