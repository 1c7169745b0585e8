import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import type { EventStore } from '../../ports/event-store.ts';
import { eventStoreContract } from '../../../test-support/event-store.contract.ts';
import { sampleEnvelope } from '../../../test-support/sample-envelope.ts';
import { withSparsePositions } from '../../../test-support/sparse-positions.ts';
import { SqliteEventStore } from '../sqlite/sqlite-event-store.ts';
import { AppendFeed } from './append-feed.ts';
import { withStreamCache } from './stream-cache.ts';

const file = () => join(mkdtempSync(join(tmpdir(), 'fe-feed-')), 'events.db');

/** Appends through the stream cache, which feeds the feed; readAll through the feed, as the relay reads. */
function fedStore(inner: EventStore, maxEvents?: number) {
  const feed = new AppendFeed(inner, maxEvents === undefined ? {} : { maxEvents });
  const cached = withStreamCache(inner, { recorded: (events) => feed.add(events) });
  let storeReads = 0;
  const counting = inner.readAll.bind(inner);
  inner.readAll = (options) => {
    storeReads++;
    return counting(options);
  };
  const store: EventStore = {
    append: (s, e, x, o) => cached.append(s, e, x, o),
    read: (s) => cached.read(s),
    readAll: (o) => feed.readAll(o),
    head: () => cached.head(),
    close: () => cached.close(),
  };
  return { store, storeReads: () => storeReads };
}

eventStoreContract('sqlite, read through the append feed', () => fedStore(new SqliteEventStore(file())).store);

it('answers the relay from memory, with exactly what the store would return', async () => {
  const path = file();
  const inner = new SqliteEventStore(path);
  const truth = new SqliteEventStore(path);
  const { store, storeReads } = fedStore(inner);
  const s = 'inv-demo-SETP990000010';
  await store.append(s, [sampleEnvelope(s, 'InvoiceRequested')], 'no_stream');
  await store.append(s, [sampleEnvelope(s, 'InvoiceSigned')], 0n);
  await store.append(s, [sampleEnvelope(s, 'InvoiceSubmitted'), sampleEnvelope(s, 'InvoiceAccepted')], 1n);
  expect(await store.readAll({ after: 0n })).toEqual(await truth.readAll({ after: 0n }));
  expect(await store.readAll({ after: 2n, limit: 1 })).toEqual(await truth.readAll({ after: 2n, limit: 1 }));
  expect(storeReads()).toBe(0);
  await truth.close();
  await store.close();
});

it('goes to the store for what it did not see: a gap, or events it let go', async () => {
  const path = file();
  const inner = new SqliteEventStore(path);
  const other = new SqliteEventStore(path); // a writer that does not come through the feed
  const { store, storeReads } = fedStore(inner, 2);
  const [a, b] = ['inv-demo-SETP990000011', 'inv-demo-SETP990000012'];
  await store.append(a, [sampleEnvelope(a, 'InvoiceRequested')], 'no_stream'); // 1
  await other.append(b, [sampleEnvelope(b, 'InvoiceRequested')], 'no_stream'); // 2, unseen
  await store.append(a, [sampleEnvelope(a, 'InvoiceSigned')], 0n); // 3
  expect((await store.readAll({ after: 0n })).map((e) => e.position)).toEqual([1n]); // the run stops at the gap
  expect(storeReads()).toBe(0);
  expect((await store.readAll({ after: 1n })).map((e) => e.position)).toEqual([2n, 3n]); // from the store
  expect(storeReads()).toBe(1);
  // 4, 5, 6: only 5 and 6 kept
  for (let v = 1n; v <= 3n; v++) await store.append(a, [sampleEnvelope(a, 'InvoiceRendered')], v);
  expect((await store.readAll({ after: 3n })).map((e) => e.position)).toEqual([4n, 5n, 6n]);
  expect(storeReads()).toBe(2);
  await other.close();
  await store.close();
});

it('stays exact when positions leave gaps: what memory cannot vouch for comes from the store', async () => {
  const path = file();
  const truth = withSparsePositions(new SqliteEventStore(path)); // positions 10, 20, …
  const { store } = fedStore(withSparsePositions(new SqliteEventStore(path)));
  const s = 'inv-demo-SETP990000013';
  await store.append(s, [sampleEnvelope(s, 'InvoiceRequested')], 'no_stream');
  await store.append(s, [sampleEnvelope(s, 'InvoiceSubmitted'), sampleEnvelope(s, 'InvoiceAccepted')], 0n);
  let after = 0n;
  const read: bigint[] = [];
  for (
    let page = await store.readAll({ after, limit: 2 });
    page.length;
    page = await store.readAll({ after, limit: 2 })
  ) {
    expect(page).toEqual(await truth.readAll({ after, limit: 2 }));
    read.push(...page.map((e) => e.position));
    after = page.at(-1)!.position;
  }
  expect(read).toEqual([10n, 20n, 30n]);
  await truth.close();
  await store.close();
});

eventStoreContract(
  'sqlite with gaps between positions, read through the append feed',
  () => fedStore(withSparsePositions(new SqliteEventStore(file()))).store,
);
