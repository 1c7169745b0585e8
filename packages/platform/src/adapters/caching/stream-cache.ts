import type { Envelope } from '@fe/contracts';
import type { AppendResult, EventStore, ExpectedVersion, RecordedEvent } from '../../ports/event-store.ts';
import { traceContextOf, type TraceContext } from '../../tracing/trace-context.ts';

type CachedStream = { version: bigint | 'no_stream'; events: RecordedEvent[] };

/**
 * Recent streams in memory for a process that is their only writer. Exact: an append extends a cached stream
 * only at the expected version, anything else drops it; another writer shows up as a lost race.
 */
export function withStreamCache(
  store: EventStore,
  options: {
    maxStreams?: number;
    /** Every append's events as the store recorded them, when the result says how (see AppendFeed). */ recorded?: (
      events: readonly RecordedEvent[],
    ) => void;
  } = {},
): EventStore & { forget(stream: string): void } {
  const maxStreams = options.maxStreams ?? 1024;
  const streams = new Map<string, CachedStream>();
  // The reads in flight, by stream: an append to that stream marks them stale, as they may hold an
  // older snapshot. (Per stream: under load some append is always in flight somewhere, and a global
  // mark kept almost every read from being remembered.)
  const reading = new Map<string, { stale: boolean }[]>();

  const remember = (stream: string, cached: CachedStream) => {
    streams.delete(stream);
    streams.set(stream, cached);
    if (streams.size > maxStreams) streams.delete(streams.keys().next().value!);
  };

  const extend = (
    stream: string,
    events: readonly Envelope[],
    expected: ExpectedVersion,
    result: AppendResult,
    traceContext: TraceContext | undefined,
  ) => {
    const recorded = asRecorded(stream, events, result, traceContext);
    if (recorded) options.recorded?.(recorded);
    const cached = streams.get(stream);
    if (!recorded || expected !== (cached?.version ?? 'no_stream')) {
      streams.delete(stream);
      return;
    }
    remember(stream, { version: result.nextExpectedVersion, events: [...(cached?.events ?? []), ...recorded] });
  };

  return {
    async append(stream, events, expected, appendOptions) {
      for (const read of reading.get(stream) ?? []) read.stale = true;
      let result: AppendResult;
      try {
        result = await store.append(stream, events, expected, appendOptions);
      } catch (error) {
        streams.delete(stream);
        throw error;
      }
      extend(stream, events, expected, result, traceContextOf(appendOptions?.traceContext));
      return result;
    },
    async read(stream) {
      const cached = streams.get(stream);
      if (cached) return { version: cached.version, events: [...cached.events] };
      const mark = { stale: false };
      const marks = reading.get(stream) ?? [];
      reading.set(stream, [...marks, mark]);
      let read: Awaited<ReturnType<EventStore['read']>>;
      try {
        read = await store.read(stream);
      } finally {
        const left = (reading.get(stream) ?? []).filter((m) => m !== mark);
        if (left.length) reading.set(stream, left);
        else reading.delete(stream);
      }
      if (read.version !== 'no_stream' && !mark.stale)
        remember(stream, { version: read.version, events: [...read.events] });
      return read;
    },
    readAll: (page) => store.readAll(page),
    /** Another process appended to the stream (the relay read it from the store alone): read it afresh. */
    forget: (stream) => void streams.delete(stream),
    head: () => store.head(),
    close: () => store.close(),
  };
}

/**
 * The appended events exactly as a read would return them (envelopes read back from the stored JSON), or
 * undefined when the result does not say when and where they were recorded.
 */
function asRecorded(
  stream: string,
  events: readonly Envelope[],
  result: AppendResult,
  traceContext: TraceContext | undefined,
): RecordedEvent[] | undefined {
  const { recordedAt, lastPosition, nextExpectedVersion } = result;
  // Positions are not dense (ports/event-store.ts): each comes from the store, none is computed.
  const positions = events.length === 1 ? [lastPosition] : result.positions;
  if (recordedAt === undefined || positions?.length !== events.length) return undefined;
  const count = BigInt(events.length);
  return events.map((event, i): RecordedEvent => ({
    stream,
    version: nextExpectedVersion - count + 1n + BigInt(i),
    position: positions[i]!,
    envelope: JSON.parse(JSON.stringify(event)) as Envelope,
    recordedAt,
    ...(traceContext ? { traceContext } : {}),
    ...(result.digests?.[i] ? { digest: result.digests[i] } : {}),
  }));
}
