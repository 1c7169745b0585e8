import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { isConcurrencyError } from '../../errors.ts';
import { eventStoreContract } from '../../testing/event-store.contract.ts';
import { sampleEnvelope } from '../../testing/sample-envelope.ts';
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
  await store.append(s, [sampleEnvelope(s, 'InvoiceSubmitted'), sampleEnvelope(s, 'InvoiceAccepted')], 1n); // two at once: dropped, read afresh
  expect(await store.read(s)).toEqual(await inner.read(s));
  await store.append(s, [sampleEnvelope(s, 'InvoiceRendered')], 3n);
  const cached = await store.read(s);
  expect(cached).toEqual(await inner.read(s));
  expect(cached.events.map((e) => e.version)).toEqual([0n, 1n, 2n, 3n, 4n]);
  await store.close();
});

it('heals after another writer: the stale append fails, and the next read is the store\'s', async () => {
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
