import type { Envelope } from '@fe/contracts';

/**
 * The source of truth: per-stream ordered events with optimistic concurrency, and a global,
 * positioned read for projections and the relay.
 *
 *   await store.append('invoice-42', [requested], 'no_stream');        // fails if the stream exists
 *   const { events } = await store.read('invoice-42');                  // versions 0, 1, …
 *   const page = await store.readAll({ after: checkpoint, limit: 500 }); // positions strictly increasing
 *
 * Versions are 0-based per stream; positions are global, start at 1 and never repeat. One append
 * is atomic: all its events are stored or none.
 */
export type ExpectedVersion = bigint | 'no_stream' | 'stream_exists' | 'any';

export type RecordedEvent = {
  stream: string;
  version: bigint;
  position: bigint;
  envelope: Envelope;
  recordedAt: string;
};

export type AppendResult = {
  nextExpectedVersion: bigint;
  lastPosition: bigint;
  /** The instant the store recorded the events (RecordedEvent.recordedAt), when the adapter knows it. */
  recordedAt?: string;
  /** The position of the append's first event, when the adapter knows it (the others follow it one by one). */
  firstPosition?: bigint;
};

export interface EventStore {
  /** Throws ConcurrencyError on a wrong expectation, PlatformError DUPLICATE_EVENT_ID on a reused event id. */
  append(stream: string, events: readonly Envelope[], expected: ExpectedVersion): Promise<AppendResult>;
  /** The stream's events in version order; an unknown stream reads as empty with version 'no_stream'. */
  read(stream: string): Promise<{ version: bigint | 'no_stream'; events: RecordedEvent[] }>;
  /** Events of every stream with position > `after` (default 0), in position order, at most `limit` (default 1000). */
  readAll(options?: { after?: bigint; limit?: number }): Promise<RecordedEvent[]>;
  /** The position of the last stored event; 0 when the store is empty. */
  head(): Promise<bigint>;
  close(): Promise<void>;
}
