import { withStreamCache } from '../src/adapters/caching/stream-cache.ts';
import type { EventStore, RecordedEvent } from '../src/ports/event-store.ts';
import { sampleEnvelope } from './sample-envelope.ts';

type StreamRead = { version: bigint | 'no_stream'; events: RecordedEvent[] };

/**
 * Appends through `withStreamCache` and reads back through the cache and the store: an adapter's `AppendResult`
 * must let the cache serve exactly what a read returns, without asking the store.
 */
export async function readThroughStreamCache(
  store: EventStore,
  stream: string,
): Promise<{ cached: StreamRead; stored: StreamRead; storeReadsWhileCached: number }> {
  let storeReads = 0;
  const counted: EventStore = {
    append: (s, events, expected) => store.append(s, events, expected),
    read: (s) => {
      storeReads++;
      return store.read(s);
    },
    readAll: (page) => store.readAll(page),
    head: () => store.head(),
    close: () => store.close(),
  };
  const cache = withStreamCache(counted);
  await cache.append(stream, [sampleEnvelope(stream, 'InvoiceRequested')], 'no_stream');
  await cache.append(
    stream,
    [
      sampleEnvelope(stream, 'InvoiceSubmitted'),
      sampleEnvelope(stream, 'InvoiceAccepted', { text: 'ñ \u2028 "q"', n: 1.5 }),
    ],
    0n,
  );
  const cached = await cache.read(stream);
  const storeReadsWhileCached = storeReads;
  return { cached, stored: await store.read(stream), storeReadsWhileCached };
}
