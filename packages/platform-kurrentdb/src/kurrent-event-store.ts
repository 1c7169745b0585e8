import type { Envelope } from '@fe/contracts';
import {
  KeyTurns,
  PlatformError,
  traceContextOf,
  type AppendOptions,
  type AppendResult,
  type EventStore,
  type ExpectedVersion,
  type RecordedEvent,
  type TraceContext,
} from '@fe/platform';
import {
  BACKWARDS,
  END,
  excludeSystemEvents,
  FORWARDS,
  KurrentDBClient,
  START,
  StreamNotFoundError,
  type Position,
} from '@kurrent/kurrentdb-client';
import { withinDeadline } from './deadline.ts';
import { chainedDigests, digestOf } from './event-chain.ts';
import { expectationRefusal, mayRetryLostRace, streamStateOf, type StreamVersion } from './expected-version.ts';
import { positionOf, readStartAfter } from './positions.ts';
import { eventDataOf, isSystemEvent, recordedOf, type StoredEvent } from './recorded-event.ts';
import { isRefusedStart, isWrongExpectedVersion, translateKurrentError } from './translate-error.ts';

export type KurrentEventStoreOptions = {
  /**
   * Longest one port call (reads, append, read-back together) may take before a retriable STORE_UNAVAILABLE; default 10
   * 000 ms.
   */
  deadlineMs?: number;
};

type Expired = () => boolean;

// An `any` or `stream_exists` append that keeps losing its pinned revision to other writers gives
// up after this many reads, retriably: the caller's backoff spaces the next try out.
const LOST_RACES = 10;

/**
 * The event store on KurrentDB. KurrentDB does not refuse a reused event id, so an append reads the stream
 * first and is pinned to the revision it read; docs/kurrentdb.md lists the limits this leaves.
 *
 *   const store = KurrentEventStore.connect('kurrentdb://127.0.0.1:2113?tls=false');
 */
export class KurrentEventStore implements EventStore {
  private readonly client: KurrentDBClient;
  private readonly deadlineMs: number;
  // Appends to one stream run one after another, in call order, as the embedded store applies them (a caller may
  // issue `no_stream` and `0n` together).
  private readonly appending = new KeyTurns();
  private closed = false;

  /**
   * Builds a client from a connection string (`kurrentdb://host:2113?tls=false`; it may carry credentials, so it is
   * never logged).
   */
  static connect(connectionString: string, options: KurrentEventStoreOptions = {}): KurrentEventStore {
    return new KurrentEventStore(KurrentDBClient.connectionString(connectionString), options);
  }

  constructor(client: KurrentDBClient, options: KurrentEventStoreOptions = {}) {
    this.client = client;
    this.deadlineMs = options.deadlineMs ?? 10_000;
  }

  async append(
    stream: string,
    events: readonly Envelope[],
    expected: ExpectedVersion,
    options: AppendOptions = {},
  ): Promise<AppendResult> {
    if (events.length === 0) throw new RangeError('append needs at least one event');
    const traceContext = traceContextOf(options.traceContext);
    return this.appending.run(stream, () => this.appendNow(stream, events, expected, traceContext));
  }

  private async appendNow(
    stream: string,
    events: readonly Envelope[],
    expected: ExpectedVersion,
    traceContext: TraceContext | undefined,
  ): Promise<AppendResult> {
    return this.run('append', { stream, expected: String(expected) }, async (expired) => {
      if (new Set(events.map((e) => e.id)).size !== events.length) throw duplicateEventId();
      for (let attempt = 1; ; attempt++) {
        const stored = await this.storedEvents(stream, START, expired);
        const storedIds = new Set(stored.map((e) => e.id));
        if (events.some((e) => storedIds.has(e.id))) throw duplicateEventId();
        const version: StreamVersion = stored.at(-1)?.revision ?? 'no_stream';
        const refusal = expectationRefusal(stream, expected, version);
        if (refusal) throw refusal;
        const digests = chainedDigests(
          stream,
          stored.map((e) => ({ digest: digestOf(e.metadata), envelope: e.data as Envelope })),
          events,
        );
        try {
          const { nextExpectedRevision } = await this.client.appendToStream(
            stream,
            events.map((event, i) => eventDataOf(event, digests[i]!, traceContext)),
            {
              streamState: streamStateOf(version),
              deadline: this.deadlineMs,
              requiresLeader: true,
            },
          );
          return await this.appendedResult(stream, events, nextExpectedRevision, expired);
        } catch (error) {
          if (!isWrongExpectedVersion(error) || !mayRetryLostRace(expected)) throw error;
          if (attempt === LOST_RACES)
            throw new PlatformError(
              'STORE_UNAVAILABLE',
              `stream ${stream} changed under ${LOST_RACES} appends in a row; retry`,
              true,
            );
        }
      }
    });
  }

  async read(stream: string): Promise<{ version: bigint | 'no_stream'; events: RecordedEvent[] }> {
    return this.run('read a stream', { stream }, async (expired) => {
      const events = (await this.storedEvents(stream, START, expired)).map(recordedOf);
      return { version: events.at(-1)?.version ?? 'no_stream', events };
    });
  }

  async readAll(options: { after?: bigint; limit?: number } = {}): Promise<RecordedEvent[]> {
    const after = options.after ?? 0n;
    const limit = options.limit ?? 1000;
    return this.run('read $all', {}, async (expired) => {
      try {
        return await this.pageAfter(readStartAfter(after), after, limit, expired);
      } catch (error) {
        if (after === 0n || !isRefusedStart(error)) throw error;
        return this.pageAfter(await this.startAtOrBefore(after, expired), after, limit, expired);
      }
    });
  }

  async head(): Promise<bigint> {
    return this.run('read the head of $all', {}, async (expired) => {
      for await (const { event } of this.client.readAll({
        fromPosition: END,
        direction: BACKWARDS,
        filter: excludeSystemEvents(),
        requiresLeader: true,
      })) {
        if (expired()) break;
        if (event && !isSystemEvent(event)) return positionOf(event);
      }
      return 0n;
    });
  }

  /** Stops the store (every later call is STORE_UNAVAILABLE) and disposes its client. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.client.dispose();
  }

  private async run<T>(
    what: string,
    context: { stream?: string; expected?: string },
    work: (expired: Expired) => Promise<T>,
  ): Promise<T> {
    if (this.closed) throw new PlatformError('STORE_UNAVAILABLE', 'the event store is closed', true);
    try {
      return await withinDeadline(this.deadlineMs, what, work);
    } catch (error) {
      throw translateKurrentError(error, context);
    }
  }

  /**
   * A stream's events from a revision on (an unknown stream has none), read from the leader so an append that returned
   * is seen.
   */
  private async storedEvents(
    stream: string,
    from: bigint | typeof START,
    expired: Expired,
    maxCount?: number,
  ): Promise<StoredEvent[]> {
    const events: StoredEvent[] = [];
    try {
      const reading = this.client.readStream(stream, {
        fromRevision: from,
        direction: FORWARDS,
        requiresLeader: true,
        ...(maxCount === undefined ? {} : { maxCount }),
      });
      for await (const { event } of reading) {
        if (expired()) break;
        if (event) events.push(event);
      }
    } catch (error) {
      if (error instanceof StreamNotFoundError) return [];
      throw error;
    }
    return events;
  }

  /**
   * The append's result from the events as stored: their revisions, positions and instant (the append's own answer does
   * not give each position).
   */
  private async appendedResult(
    stream: string,
    events: readonly Envelope[],
    nextExpectedRevision: bigint,
    expired: Expired,
  ): Promise<AppendResult> {
    const first = nextExpectedRevision - BigInt(events.length) + 1n;
    const written = await this.storedEvents(stream, first, expired, events.length);
    if (written.length !== events.length || written.some((e, i) => e.id !== events[i]!.id)) {
      throw new Error(
        `stream ${stream}: the events at revisions ${first}..${nextExpectedRevision} are not the ones just appended`,
      );
    }
    const positions = written.map(positionOf);
    const instants = new Set(written.map((e) => e.created.toISOString()));
    return {
      nextExpectedVersion: nextExpectedRevision,
      lastPosition: positions.at(-1)!,
      positions,
      digests: written.map((e) => digestOf(e.metadata)!),
      ...(instants.size === 1 ? { recordedAt: [...instants][0]! } : {}),
    };
  }

  /**
   * Up to `limit` of the product's events with a position above `after`, reading $all forward from `start` (which may
   * be `after` itself).
   */
  private async pageAfter(
    start: Position | typeof START,
    after: bigint,
    limit: number,
    expired: Expired,
  ): Promise<RecordedEvent[]> {
    const page: RecordedEvent[] = [];
    if (limit <= 0) return page;
    const reading = this.client.readAll({
      fromPosition: start,
      direction: FORWARDS,
      maxCount: limit + 1,
      filter: excludeSystemEvents(),
      requiresLeader: true,
    });
    for await (const { event } of reading) {
      if (expired()) break;
      if (!event || isSystemEvent(event)) continue;
      const recorded = recordedOf(event);
      if (recorded.position <= after) continue;
      page.push(recorded);
      if (page.length === limit) break;
    }
    return page;
  }

  /**
   * A valid read start for a number that is not an event's position: the last event at or before it, read backward.
   * Readers that keep the positions they were given never come here.
   */
  private async startAtOrBefore(after: bigint, expired: Expired): Promise<Position | typeof START> {
    for await (const { event } of this.client.readAll({
      fromPosition: END,
      direction: BACKWARDS,
      filter: excludeSystemEvents(),
      requiresLeader: true,
    })) {
      if (expired()) break;
      if (!event || isSystemEvent(event)) continue;
      const position = positionOf(event);
      if (position <= after) return { commit: position, prepare: position };
    }
    return START;
  }
}

const duplicateEventId = () =>
  new PlatformError('DUPLICATE_EVENT_ID', 'an event with this id is already stored', false);
