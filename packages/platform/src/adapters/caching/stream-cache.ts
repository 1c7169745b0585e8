import type { Envelope } from '@fe/contracts';
import type { AppendResult, EventStore, ExpectedVersion, RecordedEvent } from '../../ports/event-store.ts';

type CachedStream = { version: bigint | 'no_stream'; events: RecordedEvent[] };

/**
 * The streams read or written most recently, kept in memory, for a process that is the only writer
 * of its invoice streams (the embedded shape: every service appends through this one object). An
 * invoice's stream is read by each reaction right after another appended to it; serving those reads
 * from memory saves a round trip to the store's thread and a parse of every event, four times per
 * invoice.
 *
 * Exact, not approximate: an append extends a cached stream only when it expected exactly the
 * cached version, added one event, and the store said when it recorded it; then the cached stream
 * is what a read would return (the envelope as the store serialises it, its version, position and
 * instant). Anything else, a failed append included, drops the stream, and the next read goes to
 * the store. If another process appends all the same, the next append here fails its expected
 * version, drops the stale stream, and the caller reloads, as after any lost race.
 *
 *   const store = withStreamCache(new ThreadedSqliteEventStore(path));
 */
export function withStreamCache(store: EventStore, options: { maxStreams?: number } = {}): EventStore {
  const maxStreams = options.maxStreams ?? 1024;
  const streams = new Map<string, CachedStream>();
  // Bumped by every append: a read that an append overtook may hold an older snapshot, so it is
  // returned but not remembered.
  let appends = 0;

  const remember = (stream: string, cached: CachedStream) => {
    streams.delete(stream);
    streams.set(stream, cached);
    if (streams.size > maxStreams) streams.delete(streams.keys().next().value!);
  };

  const extend = (stream: string, events: readonly Envelope[], expected: ExpectedVersion, result: AppendResult) => {
    const cached = streams.get(stream);
    const from = cached?.version ?? 'no_stream';
    if (events.length !== 1 || result.recordedAt === undefined || expected !== from) {
      streams.delete(stream);
      return;
    }
    // What the store keeps is the JSON text: the cached envelope is that text read back.
    const envelope = JSON.parse(JSON.stringify(events[0])) as Envelope;
    const recorded: RecordedEvent = { stream, version: result.nextExpectedVersion, position: result.lastPosition, envelope, recordedAt: result.recordedAt };
    remember(stream, { version: result.nextExpectedVersion, events: [...(cached?.events ?? []), recorded] });
  };

  return {
    async append(stream, events, expected) {
      appends++;
      let result: AppendResult;
      try {
        result = await store.append(stream, events, expected);
      } catch (error) {
        streams.delete(stream);
        throw error;
      }
      extend(stream, events, expected, result);
      return result;
    },
    async read(stream) {
      const cached = streams.get(stream);
      if (cached) return { version: cached.version, events: [...cached.events] };
      const before = appends;
      const read = await store.read(stream);
      if (read.version !== 'no_stream' && appends === before) remember(stream, { version: read.version, events: [...read.events] });
      return read;
    },
    readAll: (page) => store.readAll(page),
    head: () => store.head(),
    close: () => store.close(),
  };
}
