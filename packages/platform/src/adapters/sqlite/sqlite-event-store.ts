import type { DatabaseSync, StatementSync } from 'node:sqlite';
import { openWalDatabase } from './open-database.ts';
import type { Envelope } from '@fe/contracts';
import { ConcurrencyError, PlatformError } from '../../errors.ts';
import type {
  AppendOptions,
  AppendResult,
  EventStore,
  ExpectedVersion,
  RecordedEvent,
} from '../../ports/event-store.ts';
import { traceContextOf } from '../../tracing/trace-context.ts';
import { chainDigest, GENESIS_DIGEST } from '../../audit/event-chain.ts';
import { migrateEventChain } from './migrations/event-chain.ts';
import { GroupCommit } from './group-commit.ts';

/**
 * The embedded event store: the write lock is taken before the version checks, so two appends to one stream
 * never pass the same expectation, even from two processes. `synchronous = FULL`: a returned append survives.
 */
const SCHEMA = `
  CREATE TABLE IF NOT EXISTS events (
    position    INTEGER PRIMARY KEY AUTOINCREMENT,
    stream      TEXT    NOT NULL,
    version     INTEGER NOT NULL,
    event_id    TEXT    NOT NULL UNIQUE,
    type        TEXT    NOT NULL,
    envelope    TEXT    NOT NULL,
    recorded_at TEXT    NOT NULL,
    trace_context TEXT,
    UNIQUE (stream, version)
  );`;

type Append = {
  stream: string;
  events: readonly Envelope[];
  expected: ExpectedVersion;
  traceContext: string | null;
};

type Row = {
  position: number | bigint;
  stream: string;
  version: number | bigint;
  envelope: string;
  recorded_at: string;
  trace_context: string | null;
  digest: string | null;
};

export class SqliteEventStore implements EventStore {
  private readonly db: DatabaseSync;
  private readonly currentVersion: StatementSync;
  private readonly digestAt: StatementSync;
  private readonly insert: StatementSync;
  private readonly byStream: StatementSync;
  private readonly after: StatementSync;
  private readonly maxPosition: StatementSync;
  private readonly now: () => Date;
  private readonly commits: GroupCommit;

  /** `path` is a file, or ':memory:' for tests. */
  constructor(path: string, now: () => Date = () => new Date()) {
    this.now = now;
    this.db = openWalDatabase(path, 'FULL');
    this.commits = new GroupCommit(this.db, { translate, closed: closedError });
    this.db.exec(SCHEMA);
    addTraceContextColumn(this.db);
    migrateEventChain(this.db);
    this.currentVersion = this.db.prepare('SELECT MAX(version) AS v FROM events WHERE stream = ?');
    this.digestAt = this.db.prepare('SELECT digest FROM events WHERE stream = ? AND version = ?');
    this.insert = this.db.prepare(
      'INSERT INTO events (stream, version, event_id, type, envelope, recorded_at, trace_context, digest) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
    );
    this.byStream = this.db.prepare('SELECT * FROM events WHERE stream = ? ORDER BY version');
    this.after = this.db.prepare('SELECT * FROM events WHERE position > ? ORDER BY position LIMIT ?');
    this.maxPosition = this.db.prepare('SELECT MAX(position) AS p FROM events');
    for (const s of [this.currentVersion, this.byStream, this.after, this.maxPosition]) s.setReadBigInts(true);
  }

  append(
    stream: string,
    events: readonly Envelope[],
    expected: ExpectedVersion,
    options: AppendOptions = {},
  ): Promise<AppendResult> {
    if (events.length === 0) return Promise.reject(new RangeError('append needs at least one event'));
    const context = traceContextOf(options.traceContext);
    const traceContext = context ? JSON.stringify(context) : null;
    // One turn's appends share a transaction and an fsync; a wrong expectation fails only its own append.
    return this.commits.run(() =>
      this.insertAppend({ stream, events, expected, traceContext }, this.now().toISOString()),
    );
  }

  private insertAppend({ stream, events, expected, traceContext }: Append, recordedAt: string): AppendResult {
    const found = (this.currentVersion.get(stream) as { v: bigint | null }).v;
    const actual = found === null ? 'no_stream' : found;
    checkExpectation(stream, expected, actual);
    let version = actual === 'no_stream' ? -1n : actual;
    let digest =
      actual === 'no_stream' ? GENESIS_DIGEST : (this.digestAt.get(stream, actual) as { digest: string }).digest;
    const positions: bigint[] = [];
    const digests: string[] = [];
    for (const envelope of events) {
      version += 1n;
      const json = JSON.stringify(envelope);
      digest = chainDigest(digest, stream, version, json);
      const result = this.insert.run(
        stream,
        version,
        envelope.id,
        envelope.type,
        json,
        recordedAt,
        traceContext,
        digest,
      );
      positions.push(BigInt(result.lastInsertRowid));
      digests.push(digest);
    }
    return {
      nextExpectedVersion: version,
      lastPosition: positions[positions.length - 1]!,
      recordedAt,
      positions,
      digests,
    };
  }

  async read(stream: string): Promise<{ version: bigint | 'no_stream'; events: RecordedEvent[] }> {
    this.ensureOpen();
    const events = (this.byStream.all(stream) as Row[]).map(toRecorded);
    return { version: events.length ? events[events.length - 1]!.version : 'no_stream', events };
  }

  async readAll(options: { after?: bigint; limit?: number } = {}): Promise<RecordedEvent[]> {
    this.ensureOpen();
    return (this.after.all(options.after ?? 0n, options.limit ?? 1000) as Row[]).map(toRecorded);
  }

  async head(): Promise<bigint> {
    this.ensureOpen();
    return (this.maxPosition.get() as { p: bigint | null }).p ?? 0n;
  }

  async close(): Promise<void> {
    if (this.db.isOpen) this.db.close();
  }

  /** A closed store is an unavailable one (retriable), not a bug: callers answer 503 and retry. */
  private ensureOpen(): void {
    if (!this.db.isOpen) throw closedError();
  }
}

const closedError = () => new PlatformError('STORE_UNAVAILABLE', 'the event store is closed', true);

function checkExpectation(stream: string, expected: ExpectedVersion, actual: bigint | 'no_stream'): void {
  const ok =
    expected === 'any' ||
    (expected === 'no_stream' && actual === 'no_stream') ||
    (expected === 'stream_exists' && actual !== 'no_stream') ||
    (typeof expected === 'bigint' && actual === expected);
  if (!ok) throw new ConcurrencyError(stream, String(expected), actual);
}

function translate(error: unknown): unknown {
  if (error instanceof PlatformError) return error;
  const message = error instanceof Error ? error.message : String(error);
  if (message.includes('UNIQUE constraint failed: events.event_id')) {
    return new PlatformError('DUPLICATE_EVENT_ID', 'an event with this id is already stored', false, { cause: error });
  }
  if (
    /SQLITE_(BUSY|IOERR|FULL|READONLY|CANTOPEN)|database is locked|disk I\/O error|database or disk is full/i.test(
      message,
    )
  ) {
    return new PlatformError('STORE_UNAVAILABLE', 'the event store is busy or cannot write', true, { cause: error });
  }
  return error;
}

/**
 * The migration of a file written before events kept their trace context (docs/observability.md):
 * the column is added, empty for the events already there.
 */
function addTraceContextColumn(db: DatabaseSync): void {
  const columns = db.prepare("SELECT name FROM pragma_table_info('events')").all() as { name: string }[];
  if (columns.some((column) => column.name === 'trace_context')) return;
  try {
    db.exec('ALTER TABLE events ADD COLUMN trace_context TEXT');
  } catch (error) {
    // Another connection to the file (the CLI beside the service) added it between the check and here.
    if (!/duplicate column name/i.test(error instanceof Error ? error.message : '')) throw error;
  }
}

function toRecorded(row: Row): RecordedEvent {
  const traceContext = row.trace_context
    ? traceContextOf(JSON.parse(row.trace_context) as Record<string, unknown>)
    : undefined;
  return {
    stream: row.stream,
    version: BigInt(row.version),
    position: BigInt(row.position),
    envelope: JSON.parse(row.envelope) as Envelope,
    recordedAt: row.recorded_at,
    ...(traceContext ? { traceContext } : {}),
    ...(row.digest ? { digest: row.digest } : {}),
  };
}
