import type { Envelope } from '@fe/contracts';
import {
  ConcurrencyError,
  KeyTurns,
  PlatformError,
  traceContextOf,
  type AppendOptions,
  type AppendResult,
  type EventStore,
  type ExpectedVersion,
  type RecordedEvent,
} from '@fe/platform';
import type pg from 'pg';
import { pooledQuery } from './pooled-query.ts';
import { statement, type Statement } from './statement.ts';
import { translatePgError } from './translate-error.ts';

type EventRow = {
  position: string;
  stream: string;
  version: string;
  envelope: Envelope;
  recorded_at: string;
  trace_context: Record<string, unknown> | null;
  digest: string | null;
};

/** A lost race comes back as `conflict` (the actual version), not as an error (migrations/007_append_status.sql). */
type AppendRow =
  | { next_version: string; positions: string[]; recorded_at: string; digests: string[]; conflict: null }
  | { next_version: null; positions: null; recorded_at: null; digests: null; conflict: string };

const COLUMNS = `position, stream, version, envelope, digest, to_char(recorded_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS recorded_at, trace_context`;
const APPEND = statement(
  'SELECT next_version, positions, recorded_at, digests, conflict FROM try_append_events($1, $2, $3, $4)',
);
const READ_STREAM = statement(`SELECT ${COLUMNS} FROM events WHERE stream = $1 ORDER BY version`);
const READ_ALL = statement(`SELECT ${COLUMNS} FROM events WHERE position > $1 ORDER BY position LIMIT $2`);

/**
 * The event store on PostgreSQL. Positions are taken under a transaction-level advisory lock, so appends commit
 * in position order and a reader never sees a position while a lower one is in flight.
 */
export class PostgresEventStore implements EventStore {
  private readonly pool: pg.Pool;
  private closed = false;
  /** Appends to one stream wait for the one issued before, so they reach the server in order. */
  private readonly appending = new KeyTurns();

  constructor(pool: pg.Pool) {
    this.pool = pool;
  }

  append(
    stream: string,
    events: readonly Envelope[],
    expected: ExpectedVersion,
    options: AppendOptions = {},
  ): Promise<AppendResult> {
    // Each call takes an idle connection at once now that a refusal keeps it, so two appends to one stream issued
    // together could otherwise run in either order.
    return this.appending.run(stream, () => this.appendNow(stream, events, expected, options));
  }

  private async appendNow(
    stream: string,
    events: readonly Envelope[],
    expected: ExpectedVersion,
    options: AppendOptions,
  ): Promise<AppendResult> {
    if (events.length === 0) throw new RangeError('append needs at least one event');
    const traceContext = traceContextOf(options.traceContext);
    const row = (
      await this.query<AppendRow>(
        APPEND,
        [stream, String(expected), JSON.stringify(events), traceContext ? JSON.stringify(traceContext) : null],
        { stream, expected: String(expected) },
      )
    )[0]!;
    if (row.conflict !== null)
      throw new ConcurrencyError(
        stream,
        String(expected),
        row.conflict === 'no_stream' ? 'no_stream' : BigInt(row.conflict),
      );
    const positions = row.positions.map(BigInt);
    return {
      nextExpectedVersion: BigInt(row.next_version),
      lastPosition: positions[positions.length - 1]!,
      positions,
      recordedAt: row.recorded_at,
      digests: row.digests,
    };
  }

  async read(stream: string): Promise<{ version: bigint | 'no_stream'; events: RecordedEvent[] }> {
    const events = (await this.query<EventRow>(READ_STREAM, [stream])).map(toRecorded);
    return { version: events.length ? events[events.length - 1]!.version : 'no_stream', events };
  }

  async readAll(options: { after?: bigint; limit?: number } = {}): Promise<RecordedEvent[]> {
    const rows = await this.query<EventRow>(READ_ALL, [String(options.after ?? 0n), options.limit ?? 1000]);
    return rows.map(toRecorded);
  }

  async head(): Promise<bigint> {
    const [row] = await this.query<{ head: string }>('SELECT coalesce(max(position), 0) AS head FROM events', []);
    return BigInt(row!.head);
  }

  /** Stops the store: every later call is STORE_UNAVAILABLE. The pool stays open (other adapters share it). */
  async close(): Promise<void> {
    this.closed = true;
  }

  private async query<R extends pg.QueryResultRow>(
    sql: string | Statement,
    values: unknown[],
    context: { stream?: string; expected?: string } = {},
  ): Promise<R[]> {
    if (this.closed) throw new PlatformError('STORE_UNAVAILABLE', 'the event store is closed', true);
    try {
      return (await pooledQuery<R>(this.pool, sql, values)).rows;
    } catch (error) {
      throw translatePgError(error, context);
    }
  }
}

function toRecorded(row: EventRow): RecordedEvent {
  const traceContext = traceContextOf(row.trace_context);
  return {
    stream: row.stream,
    version: BigInt(row.version),
    position: BigInt(row.position),
    envelope: row.envelope,
    recordedAt: row.recorded_at,
    ...(traceContext ? { traceContext } : {}),
    ...(row.digest ? { digest: row.digest } : {}),
  };
}
