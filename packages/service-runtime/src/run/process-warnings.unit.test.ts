import { createLogger } from '@fe/platform';
import { afterEach, describe, expect, it } from 'vitest';
import { logProcessWarnings } from './process-warnings.ts';

let undo: (() => void) | undefined;
afterEach(() => undo?.());

/** Emits a warning and waits for its listeners (Node calls them on the next tick). */
async function emit(name: string, message: string, code?: string): Promise<void> {
  process.emitWarning(message, { type: name, ...(code ? { code } : {}) });
  await new Promise((resolve) => setImmediate(resolve));
}

describe('logProcessWarnings', () => {
  it("writes Node's warnings as JSON lines in place of its plain-text writer, the known kafkajs one once", async () => {
    const lines: string[] = [];
    undo = logProcessWarnings(createLogger({ destination: { write: (line) => void lines.push(line) } }));
    expect(process.listenerCount('warning')).toBe(1);
    await emit('TimeoutNegativeWarning', '-3 is a negative number.\nTimeout duration was set to 1.');
    await emit('TimeoutNegativeWarning', '-8 is a negative number.');
    await emit('DeprecationWarning', 'Buffer() is deprecated', 'DEP0005');
    const logged = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(logged).toMatchObject([
      { level: 30, warning: { name: 'TimeoutNegativeWarning' }, reason: expect.stringContaining('kafkajs#1751') },
      { level: 40, warning: { name: 'DeprecationWarning', code: 'DEP0005' }, detail: 'Buffer() is deprecated' },
    ]);
  });

  it('puts the previous listeners back when undone', () => {
    const before = process.listeners('warning');
    logProcessWarnings(createLogger({ level: 'silent' }))();
    expect(process.listeners('warning')).toEqual(before);
  });
});
