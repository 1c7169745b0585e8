import type { DatabaseSync } from 'node:sqlite';

type Queued = { work: () => unknown; resolve: (value: never) => void; reject: (error: unknown) => void };

type GroupCommitOptions = {
  /** What a SQLite error becomes for the callers (busy, I/O…). */
  translate?: (error: unknown) => unknown;
  /** The error of a write queued when the connection is closed. */
  closed: () => Error;
};

/**
 * Group commit: the writes queued in one turn of the event loop share one BEGIN IMMEDIATE transaction and its fsync.
 * Each runs in its own SAVEPOINT, so one that throws rolls back alone and fails alone; a promise settles after the
 * COMMIT, and when the transaction cannot commit every write of the group fails.
 */
export class GroupCommit {
  private readonly db: DatabaseSync;
  private readonly translate: (error: unknown) => unknown;
  private readonly closed: () => Error;
  private queued: Queued[] = [];

  constructor(db: DatabaseSync, options: GroupCommitOptions) {
    this.db = db;
    this.translate = options.translate ?? ((error) => error);
    this.closed = options.closed;
  }

  /** `work` runs synchronously inside the group's transaction; its value is the promise's. */
  run<T>(work: () => T): Promise<T> {
    if (!this.db.isOpen) return Promise.reject(this.closed());
    return new Promise<T>((resolve, reject) => {
      this.queued.push({ work, resolve: resolve as (value: never) => void, reject });
      if (this.queued.length === 1) setImmediate(() => this.commit());
    });
  }

  private commit(): void {
    const group = this.queued;
    this.queued = [];
    if (!this.db.isOpen) return group.forEach((write) => write.reject(this.closed()));
    const outcomes: { write: Queued; ok: boolean; value: unknown }[] = [];
    try {
      this.db.exec('BEGIN IMMEDIATE');
    } catch (error) {
      return group.forEach((write) => write.reject(this.translate(error)));
    }
    try {
      for (const write of group) {
        this.db.exec('SAVEPOINT one_write');
        try {
          outcomes.push({ write, ok: true, value: write.work() });
          this.db.exec('RELEASE one_write');
        } catch (error) {
          this.db.exec('ROLLBACK TO one_write');
          this.db.exec('RELEASE one_write');
          outcomes.push({ write, ok: false, value: this.translate(error) });
        }
      }
      this.db.exec('COMMIT');
    } catch (error) {
      if (this.db.isOpen && this.db.isTransaction) this.db.exec('ROLLBACK');
      return group.forEach((write) => write.reject(this.translate(error)));
    }
    for (const { write, ok, value } of outcomes) {
      if (ok) write.resolve(value as never);
      else write.reject(value);
    }
  }
}
