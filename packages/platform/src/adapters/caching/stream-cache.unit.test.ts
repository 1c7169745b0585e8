import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { isConcurrencyError } from '../../errors.ts';
import type { EventStore } from '../../ports/event-store.ts';
import { eventStoreContract } from '../../../test-support/event-store.contract.ts';
import { sampleEnvelope } from '../../../test-support/sample-envelope.ts';
import { readThroughStreamCache } from '../../../test-support/read-through-stream-cache.ts';
import { withSparsePositions } from '../../../test-support/sparse-positions.ts';
import { SqliteEventStore } from '../sqlite/sqlite-event-store.ts';
import { withStreamCache } from './stream-cache.ts';

const file = () => join(mkdtempSync(join(tmpdir(), 'fe-cache-')), 'events.db');

eventStoreContract('sqlite behind the stream cache', () => withStreamCache(new SqliteEventStore(file())));

it('reads from memory exactly what the store would return after each append', async () => {
  const inner = new SqliteEventStore(file());
  const store = withStreamCache(inner);
  const s = 'inv-demo-SETP990000001';
  await store.append(s, [sampleEnvelope(s, 'InvoiceRequested')], 'no_stream');
  expect(await store.read(s)).toEqual(await inner.read(s));
  await store.append(s, [sampleEnvelope(s, 'InvoiceSigned')], 0n);
  // two at once, consecutive positions
  await store.append(s, [sampleEnvelope(s, 'InvoiceSubmitted'), sampleEnvelope(s, 'InvoiceAccepted')], 1n);
  expect(await store.read(s)).toEqual(await inner.read(s));
  await store.append(s, [sampleEnvelope(s, 'InvoiceRendered')], 3n);
  const cached = await store.read(s);
  expect(cached).toEqual(await inner.read(s));
  expect(cached.events.map((e) => e.version)).toEqual([0n, 1n, 2n, 3n, 4n]);
  await store.close();
});

it("heals after another writer: the stale append fails, and the next read is the store's", async () => {
  const path = file();
  const store = withStreamCache(new SqliteEventStore(path));
  const other = new SqliteEventStore(path);
  const s = 'inv-demo-SETP990000002';
  await store.append(s, [sampleEnvelope(s, 'InvoiceRequested')], 'no_stream');
  await other.append(s, [sampleEnvelope(s, 'InvoiceSigned')], 0n); // behind the cache's back
  expect((await store.read(s)).version).toBe(0n); // stale, until ...
  const lost = await store.append(s, [sampleEnvelope(s, 'InvoiceSigned')], 0n).catch((e: unknown) => e);
  expect(isConcurrencyError(lost)).toBe(true);
  expect((await store.read(s)).version).toBe(1n); // ... the failed append dropped it
  await other.close();
  await store.close();
});

/** The inner store with its reads counted, and a gate that holds reads until released. */
function countingStore() {
  const inner = new SqliteEventStore(file());
  let reads = 0;
  let gate: Promise<void> | undefined;
  const store: EventStore = {
    append: (stream, events, expected) => inner.append(stream, events, expected),
    read: async (stream) => {
      reads++;
      const read = await inner.read(stream);
      await gate;
      return read;
    },
    readAll: (page) => inner.readAll(page),
    head: () => inner.head(),
    close: () => inner.close(),
  };
  return {
    inner,
    store,
    reads: () => reads,
    hold: (until: Promise<void>) => {
      gate = until;
    },
  };
}

it('serves every read from memory after appends of one and of several events', async () => {
  const counted = countingStore();
  const store = withStreamCache(counted.store);
  const s = 'inv-demo-SETP990000003';
  await store.append(s, [sampleEnvelope(s, 'InvoiceRequested')], 'no_stream');
  await store.append(s, [sampleEnvelope(s, 'InvoiceSigned')], 0n);
  await store.append(s, [sampleEnvelope(s, 'InvoiceSubmitted'), sampleEnvelope(s, 'InvoiceAccepted')], 1n);
  const cached = await store.read(s);
  expect(counted.reads()).toBe(0);
  expect(cached).toEqual(await counted.inner.read(s));
  expect(cached.events.map((e) => [e.version, e.envelope.type])).toEqual([
    [0n, 'InvoiceRequested'],
    [1n, 'InvoiceSigned'],
    [2n, 'InvoiceSubmitted'],
    [3n, 'InvoiceAccepted'],
  ]);
  await store.close();
});

it('remembers a read overtaken by an append to another stream, not one overtaken by an append to its own', async () => {
  const counted = countingStore();
  const store = withStreamCache(counted.store, { maxStreams: 1 }); // a remembered stream pushes the other out
  const [a, b] = ['inv-demo-SETP990000004', 'inv-demo-SETP990000005'];
  await counted.inner.append(a, [sampleEnvelope(a, 'InvoiceRequested')], 'no_stream'); // behind the cache: not cached
  await counted.inner.append(b, [sampleEnvelope(b, 'InvoiceRequested')], 'no_stream');

  let release!: () => void;
  counted.hold(new Promise<void>((r) => (release = r)));
  const readA = store.read(a);
  await store.append(b, [sampleEnvelope(b, 'InvoiceSigned')], 0n).catch(() => undefined); // another stream
  release();
  await readA;
  counted.hold(Promise.resolve());
  const before = counted.reads();
  await store.read(a);
  expect(counted.reads()).toBe(before); // remembered

  counted.hold(new Promise<void>((r) => (release = r)));
  const readB = store.read(b);
  await new Promise((r) => setImmediate(r));
  // its own stream, during the read
  await store.append(b, [sampleEnvelope(b, 'InvoiceRendered')], 1n).catch(() => undefined);
  release();
  await readB;
  counted.hold(Promise.resolve());
  const after = counted.reads();
  expect((await store.read(b)).version).toBe(2n);
  expect(counted.reads()).toBe(after + 1); // the overtaken read was not remembered: the store was asked again
  await store.close();
});

it("caches an append of several events at positions that are not consecutive, with the store's positions", async () => {
  const counted = countingStore();
  const sparse = withSparsePositions(counted.store); // positions 10, 20, …: gaps, as PostgreSQL may leave
  const store = withStreamCache(sparse);
  const s = 'inv-demo-SETP990000006';
  await store.append(s, [sampleEnvelope(s, 'InvoiceRequested')], 'no_stream');
  await store.append(s, [sampleEnvelope(s, 'InvoiceSubmitted'), sampleEnvelope(s, 'InvoiceAccepted')], 0n);
  const cached = await store.read(s);
  expect(counted.reads()).toBe(0); // from memory ...
  expect(cached).toEqual(await sparse.read(s)); // ... and exactly what the store holds
  expect(cached.events.map((e) => e.position)).toEqual([10n, 20n, 30n]);
  await store.close();
});

it("lets readThroughStreamCache (what the server adapters' tests use) tell a store whose append results feed the cache from one whose do not", async () => {
  const sqlite = new SqliteEventStore(':memory:');
  const good = await readThroughStreamCache(withSparsePositions(sqlite), 'inv-demo-SETP990000007');
  expect(good.storeReadsWhileCached).toBe(0);
  expect(good.cached).toEqual(good.stored);
  const withoutPositions: EventStore = {
    ...bound(sqlite),
    append: async (s, events, expected) => {
      const { positions: _dropped, ...result } = await sqlite.append(s, events, expected);
      return result;
    },
  };
  expect((await readThroughStreamCache(withoutPositions, 'inv-demo-SETP990000008')).storeReadsWhileCached).toBe(1);
  await sqlite.close();
});

const bound = (store: EventStore): EventStore => ({
  append: (s, events, expected) => store.append(s, events, expected),
  read: (s) => store.read(s),
  readAll: (page) => store.readAll(page),
  head: () => store.head(),
  close: () => store.close(),
});
