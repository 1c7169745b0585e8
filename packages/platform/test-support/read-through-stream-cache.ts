import { withStreamCache } from '../src/adapters/caching/stream-cache.ts';
import type { EventStore, RecordedEvent } from '../src/ports/event-store.ts';
import { sampleEnvelope } from './sample-envelope.ts';

type StreamRead = { version: bigint | 'no_stream'; events: RecordedEvent[] };

/**
 * Appends to a new stream through `withStreamCache(store)` (one event, then two, one with awkward
 * text) and reads it back through the cache and from the store. The cache builds recorded events
 * from each append's result, so an adapter's `AppendResult` (positions, instant) must let it serve
 * exactly what a read returns, without asking the store:
 *
 *   const { cached, stored, storeReadsWhileCached } = await readThroughStreamCache(store, 'inv-demo-SETP1');
 *   expect(storeReadsWhileCached).toBe(0); expect(cached).toEqual(stored);
 */
export async function readThroughStreamCache(store: EventStore, stream: string): Promise<{ cached: StreamRead; stored: StreamRead; storeReadsWhileCached: number }> {
  let storeReads = 0;
  const counted: EventStore = {
    append: (s, events, expected) => store.append(s, events, expected),
    read: (s) => { storeReads++; return store.read(s); },
    readAll: (page) => store.readAll(page),
    head: () => store.head(),
    close: () => store.close(),
  };
  const cache = withStreamCache(counted);
  await cache.append(stream, [sampleEnvelope(stream, 'InvoiceRequested')], 'no_stream');
  await cache.append(stream, [sampleEnvelope(stream, 'InvoiceSubmitted'), sampleEnvelope(stream, 'InvoiceAccepted', { text: 'ñ \u2028 "q"', n: 1.5 })], 0n);
  const cached = await cache.read(stream);
  const storeReadsWhileCached = storeReads;
  return { cached, stored: await store.read(stream), storeReadsWhileCached };
}
