import { randomUUID } from 'node:crypto';
import { createLogger } from '@fe/platform';
import { sampleEnvelope } from '@fe/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listenForAppends, type AppendListener } from './append-listener.ts';
import { PostgresEventStore } from './postgres-event-store.ts';
import { freshTestSchema, type TestSchema } from '../test-support/test-schema.ts';

let db: TestSchema;
let other: TestSchema;
beforeAll(async () => {
  [db, other] = await Promise.all([freshTestSchema(), freshTestSchema()]);
});
afterAll(async () => {
  await db?.drop();
  await other?.drop();
});

const logger = createLogger({ level: 'silent' });

/** Counts notifications; `next()` resolves at the next one. */
function counter() {
  let count = 0;
  let waiting: (() => void)[] = [];
  return {
    onAppend: () => {
      count++;
      for (const resolve of waiting) resolve();
      waiting = [];
    },
    next: () => new Promise<void>((resolve) => waiting.push(resolve)),
    get count() {
      return count;
    },
  };
}

describe('listenForAppends (migration 008)', () => {
  it("wakes on each committed append of its schema, not on another schema's", async () => {
    const mine = counter();
    const listener = await listening(db, mine);
    const theirs = counter();
    const otherListener = await listening(other, theirs);
    const [before, otherBefore] = [mine.count, theirs.count];
    const woken = mine.next();
    const stream = `test-${randomUUID()}`;
    await new PostgresEventStore(db.pool).append(stream, [sampleEnvelope(stream), sampleEnvelope(stream)], 'no_stream');
    await woken;
    // A notification on the other channel would leave at the same commit as ours, which has arrived; a round trip
    // more gives it time to arrive too.
    await new PostgresEventStore(other.pool).head();
    expect(mine.count).toBe(before + 1); // one per transaction, however many events
    expect(theirs.count).toBe(otherBefore);
    await Promise.all([listener.close(), otherListener.close()]);
  });

  it('listens again after the server ends its session, and says so by waking its caller', async () => {
    const mine = counter();
    const listener = await listening(db, mine, 50);
    const reconnected = mine.next();
    const { rowCount } = await db.pool.query(
      "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'fe append listener' AND query LIKE $1",
      [`%${db.schema}%`],
    );
    expect(rowCount).toBe(1);
    await reconnected; // the wake-up a new session gives: appends made meanwhile
    const woken = mine.next();
    const stream = `test-${randomUUID()}`;
    await new PostgresEventStore(db.pool).append(stream, [sampleEnvelope(stream)], 'no_stream');
    await woken;
    await listener.close();
  });
});

/** A listener whose first wake-up (the one every new session gives) has come: it is LISTENing. */
async function listening(schema: TestSchema, count: ReturnType<typeof counter>, maxRetryMs?: number) {
  const first = count.next();
  const listener: AppendListener = listenForAppends({
    connectionString: schema.url,
    schema: schema.schema,
    onAppend: count.onAppend,
    logger,
    ...(maxRetryMs !== undefined ? { maxRetryMs } : {}),
  });
  await first;
  return listener;
}
