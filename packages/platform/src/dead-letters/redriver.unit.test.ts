import { describe, expect, it } from 'vitest';
import { InProcessEventBus } from '../adapters/in-process/in-process-bus.ts';
import { SqliteDeadLetterStore } from '../adapters/sqlite/sqlite-dead-letter-store.ts';
import type { Logger } from '../ports/logger.ts';
import { eventually } from '../../test-support/event-bus.contract.ts';
import { sampleEnvelope } from '../../test-support/sample-envelope.ts';
import { startDeadLetterRedriver } from './redriver.ts';

const silent = { info: () => {}, warn: () => {}, error: () => {}, child: () => silent } as unknown as Logger;
const topic = 'fe.test.v1';

/** Polls the store until it holds `count` letters (bounded, like `eventually`). */
async function lettersReach(letters: SqliteDeadLetterStore, count: number): Promise<void> {
  for (let i = 0; i < 400 && (await letters.list()).length !== count; i++) await new Promise((r) => setTimeout(r, 5));
  expect(await letters.list()).toHaveLength(count);
}

/** A bus with one group whose handler fails while `broken` holds, and the SQLite store behind its dead letters. */
async function world() {
  const letters = new SqliteDeadLetterStore(':memory:');
  const bus = new InProcessEventBus({ partitions: 1, deadLetters: letters });
  const state = { broken: true, handled: [] as string[] };
  await bus.subscribe({
    topic,
    group: 'fe.signer',
    maxAttempts: 2,
    retryBackoffMs: 1,
    handler: async (m) => {
      if (state.broken) throw new Error('BLOB_WRITE_FAILED');
      state.handled.push(m.value.id);
    },
  });
  return { letters, bus, state };
}

describe('dead-letter re-driver', () => {
  it('does nothing without a request; re-drives what is requested; a handled letter is forgotten', async () => {
    const { letters, bus, state } = await world();
    const value = sampleEnvelope('inv-1');
    await bus.publish(topic, [{ key: 'inv-1', value }]);
    await lettersReach(letters, 1);
    const redriver = startDeadLetterRedriver({ letters, bus, logger: silent, now: () => new Date(), pollMs: 60_000 });
    expect(await redriver.runOnce()).toBe(0); // kept, not requested
    expect(state.handled).toEqual([]);

    state.broken = false; // the operator fixed the cause
    await letters.requestRedrive('all', new Date());
    expect(await redriver.runOnce()).toBe(1);
    expect(state.handled).toEqual([value.id]);
    expect(await letters.list()).toEqual([]);
    await redriver.stop();
    await bus.close();
  });

  it('a letter that fails again is kept again (one more death) and its request withdrawn; one no member takes stays requested', async () => {
    const { letters, bus } = await world();
    await bus.publish(topic, [{ key: 'inv-2', value: sampleEnvelope('inv-2') }]);
    await lettersReach(letters, 1);
    await letters.keep(
      { topic, group: 'fe.gone', message: { key: 'inv-3', value: sampleEnvelope('inv-3') }, error: 'E', attempts: 1 },
      new Date(),
    );
    await letters.requestRedrive('all', new Date());
    const redriver = startDeadLetterRedriver({ letters, bus, logger: silent, now: () => new Date(), pollMs: 60_000 });
    expect(await redriver.runOnce()).toBe(0);
    const [again, orphan] = await letters.list();
    expect(again).toMatchObject({ group: 'fe.signer', deaths: 2, error: 'Error: BLOB_WRITE_FAILED' });
    expect(again!.redriveRequestedAt).toBeUndefined();
    expect(orphan!.group).toBe('fe.gone');
    expect(orphan!.redriveRequestedAt).toBeDefined();
    await redriver.stop();
    await bus.close();
  });

  it('polls for requests on its own', async () => {
    const { letters, bus, state } = await world();
    await bus.publish(topic, [{ key: 'inv-4', value: sampleEnvelope('inv-4') }]);
    await lettersReach(letters, 1);
    const redriver = startDeadLetterRedriver({ letters, bus, logger: silent, now: () => new Date(), pollMs: 10 });
    state.broken = false;
    await letters.requestRedrive('all', new Date());
    await eventually(() => state.handled.length === 1);
    await lettersReach(letters, 0);
    await redriver.stop();
    await bus.close();
  });
});
