import type { Envelope } from '@fe/contracts';
import type { TraceContext } from '../tracing/trace-context.ts';

/**
 * The source of truth: per-stream events with optimistic concurrency and a global positioned read. The relay
 * and projections rely on `readAll` never returning a position while a lower one can still commit; positions
 * may leave gaps, so nobody computes "the next" as + 1.
 */
export type ExpectedVersion = bigint | 'no_stream' | 'stream_exists' | 'any';

export type RecordedEvent = {
  stream: string;
  version: bigint;
  position: bigint;
  envelope: Envelope;
  recordedAt: string;
  /** The stream's tamper-evidence chain at this event (audit/event-chain.ts); absent where a store keeps none. */
  digest?: string;
  /** The trace context the event was appended in (AppendOptions), when there was one. */
  traceContext?: TraceContext;
};

export type AppendOptions = {
  /** Stored with each event of the append and returned by `read` and `readAll` (`RecordedEvent.traceContext`). */
  traceContext?: TraceContext;
};

export type AppendResult = {
  nextExpectedVersion: bigint;
  lastPosition: bigint;
  /** The instant the store recorded the events (RecordedEvent.recordedAt), when the adapter knows it. */
  recordedAt?: string;
  /** The position of each appended event, in order, when the adapter knows them (not necessarily consecutive). */
  positions?: readonly bigint[];
  /** The chain digest of each appended event, in order, when the store keeps the chain (RecordedEvent.digest). */
  digests?: readonly string[];
};

export interface EventStore {
  /** Throws ConcurrencyError on a wrong expectation, PlatformError DUPLICATE_EVENT_ID on a reused event id. */
  append(
    stream: string,
    events: readonly Envelope[],
    expected: ExpectedVersion,
    options?: AppendOptions,
  ): Promise<AppendResult>;
  /** The stream's events in version order; an unknown stream reads as empty with version 'no_stream'. */
  read(stream: string): Promise<{ version: bigint | 'no_stream'; events: RecordedEvent[] }>;
  /**
   * Events with position > `after` in position order, only those whose every lower position is visible: a page may
   * end early, never skip.
   */
  readAll(options?: { after?: bigint; limit?: number }): Promise<RecordedEvent[]>;
  /**
   * The position of the last committed event; 0 when the store is empty. A reader that waits until
   * it has read through `head()` waits for every append that returned before the call.
   */
  head(): Promise<bigint>;
  close(): Promise<void>;
}
