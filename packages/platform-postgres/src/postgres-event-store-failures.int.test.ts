import { isConcurrencyError } from '@fe/platform';
import { sampleEnvelope } from '@fe/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresPool } from './pool.ts';
import { PostgresEventStore } from './postgres-event-store.ts';
import {
  HOLD_COMMIT_LOCK,
  namedPool,
  RELEASE_COMMIT_LOCK,
  waitingOnAdvisoryLock,
} from '../test-support/commit-lock.ts';
import { freshTestSchema, type TestSchema } from '../test-support/test-schema.ts';

/**
 * PostgreSQL restarted mid-append, simulated on the shared server: pg_terminate_backend ends an append held
 * mid-transaction (its commit lock held from another connection), as a fast shutdown would.
 */
describe('PostgresEventStore when the server ends the connection mid-append', () => {
  let db: TestSchema;
  beforeAll(async () => {
    db = await freshTestSchema();
  });
  afterAll(() => db?.drop());

  async function appendTerminatedMidway(
    stream: string,
    events = [sampleEnvelope(stream), sampleEnvelope(stream)],
    expected: 'no_stream' | bigint = 'no_stream',
  ) {
    const name = `fe-terminated-${stream}`;
    const pool = namedPool(db, name);
    const blocker = await db.pool.connect();
    await blocker.query(HOLD_COMMIT_LOCK);
    try {
      const append = new PostgresEventStore(pool).append(stream, events, expected).catch((error: unknown) => error);
      const pid = await waitingOnAdvisoryLock(db, name);
      await db.pool.query('SELECT pg_terminate_backend($1)', [pid]);
      return { outcome: await append, events, pool };
    } finally {
      await blocker.query(RELEASE_COMMIT_LOCK);
      blocker.release();
    }
  }

  it('raises the retriable STORE_UNAVAILABLE and leaves no half-written stream; the retry appends once', async () => {
    const store = new PostgresEventStore(db.pool);
    const { outcome, events, pool } = await appendTerminatedMidway('inv-terminated-1');
    expect(outcome).toMatchObject({ code: 'STORE_UNAVAILABLE', retriable: true });
    expect(await store.read('inv-terminated-1')).toEqual({ version: 'no_stream', events: [] });
    expect((await db.pool.query('SELECT 1 FROM streams WHERE stream = $1', ['inv-terminated-1'])).rowCount).toBe(0);

    // The pool replaced the dead connection: the caller's retry, with the same events, succeeds once.
    await new PostgresEventStore(pool).append('inv-terminated-1', events, 'no_stream');
    const read = await store.read('inv-terminated-1');
    expect(read.events.map((e) => e.envelope.id)).toEqual(events.map((e) => e.id));
    await pool.end();
  });

  it('leaves an existing stream at its version, so the retry with the same expectation succeeds', async () => {
    const store = new PostgresEventStore(db.pool);
    const stream = 'inv-terminated-2';
    await store.append(stream, [sampleEnvelope(stream)], 'no_stream');
    const { outcome, events, pool } = await appendTerminatedMidway(stream, [sampleEnvelope(stream)], 0n);
    expect(outcome).toMatchObject({ code: 'STORE_UNAVAILABLE', retriable: true });
    expect((await store.read(stream)).version).toBe(0n);
    await store.append(stream, events, 0n);
    // A second retry (the reply of the first was lost, say) finds its own append: a lost race, not a double.
    const again = await store.append(stream, events, 0n).catch((error: unknown) => error);
    expect(isConcurrencyError(again)).toBe(true);
    expect((await store.read(stream)).events).toHaveLength(2);
    await pool.end();
  });

  it('reports a server it cannot reach as the retriable STORE_UNAVAILABLE', async () => {
    const unreachable = createPostgresPool({
      connectionString: 'postgres://postgres@127.0.0.1:1/postgres',
      schema: db.schema,
    });
    const store = new PostgresEventStore(unreachable);
    for (const call of [
      () => store.append('s', [sampleEnvelope('s')], 'any'),
      () => store.read('s'),
      () => store.readAll(),
      () => store.head(),
    ]) {
      await expect(call()).rejects.toMatchObject({ code: 'STORE_UNAVAILABLE', retriable: true });
    }
    await unreachable.end();
  });
});
