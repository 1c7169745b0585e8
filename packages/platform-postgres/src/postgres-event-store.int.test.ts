import { withStreamCache } from '@fe/platform';
import { eventChainContract, eventStoreContract, readThroughStreamCache, sampleEnvelope } from '@fe/platform/testing';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { PostgresEventStore } from './postgres-event-store.ts';
import { freshTestSchema, type TestSchema } from '../test-support/test-schema.ts';

let db: TestSchema;
beforeAll(async () => {
  db = await freshTestSchema();
});
afterAll(() => db?.drop());

eventStoreContract('postgres', () => new PostgresEventStore(db.pool));
eventChainContract('postgres', () => new PostgresEventStore(db.pool));
// The cache builds recorded events from the append's result: its positions and instant must be what a read returns.
eventStoreContract('postgres behind the stream cache', () => withStreamCache(new PostgresEventStore(db.pool)));

it('gives the stream cache what a read returns: the cached stream equals the stored one, positions and instants included', async () => {
  const { cached, stored, storeReadsWhileCached } = await readThroughStreamCache(
    new PostgresEventStore(db.pool),
    'inv-demo-SETP990000020',
  );
  expect(storeReadsWhileCached).toBe(0);
  expect(cached).toEqual(stored);
  for (const event of cached.events) expect(event.recordedAt).toBe(new Date(event.recordedAt).toISOString());
});

it('still takes an append_events call with three arguments (a process of the release before migration 004): its events have no trace context', async () => {
  const stream = 'inv-demo-SETP990000021';
  const event = sampleEnvelope(stream);
  await db.pool.query('SELECT * FROM append_events($1, $2, $3)', [stream, 'no_stream', JSON.stringify([event])]);
  const { events } = await new PostgresEventStore(db.pool).read(stream);
  expect(events.map((e) => [e.envelope.id, e.traceContext])).toEqual([[event.id, undefined]]);
});
