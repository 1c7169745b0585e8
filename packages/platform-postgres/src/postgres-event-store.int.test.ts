import { withStreamCache } from '@fe/platform';
import { eventStoreContract, sampleEnvelope } from '@fe/platform/testing';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { PostgresEventStore } from './postgres-event-store.ts';
import { freshTestSchema, type TestSchema } from './testing/test-schema.ts';

let db: TestSchema;
beforeAll(async () => {
  db = await freshTestSchema();
});
afterAll(() => db?.drop());

eventStoreContract('postgres', () => new PostgresEventStore(db.pool));
// The cache builds recorded events from the append's result: its positions and instant must be what a read returns.
eventStoreContract('postgres behind the stream cache', () => withStreamCache(new PostgresEventStore(db.pool)));

it('gives the stream cache what a read returns: the cached stream equals the stored one, positions and instants included', async () => {
  const store = new PostgresEventStore(db.pool);
  const cached = withStreamCache(store);
  const s = 'inv-demo-SETP990000020';
  await cached.append(s, [sampleEnvelope(s, 'InvoiceRequested')], 'no_stream');
  await cached.append(s, [sampleEnvelope(s, 'InvoiceSubmitted'), sampleEnvelope(s, 'InvoiceAccepted', { text: 'ñ \u2028 "q"', n: 1.5 })], 0n);
  const storeReads = vi.spyOn(store, 'read');
  const fromMemory = await cached.read(s);
  expect(storeReads).not.toHaveBeenCalled();
  expect(fromMemory).toEqual(await store.read(s));
  for (const event of fromMemory.events) expect(event.recordedAt).toBe(new Date(event.recordedAt).toISOString());
});
