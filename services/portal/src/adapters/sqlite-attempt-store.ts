import type { DatabaseSync } from 'node:sqlite';
import { openWalDatabase } from '@fe/platform';
import { ATTEMPT_PURGE_EVERY_MS, type AttemptStore } from '../ports/attempt-store.ts';

const SCHEMA = `
  CREATE TABLE IF NOT EXISTS attempts (
    key        TEXT    PRIMARY KEY,
    count      INTEGER NOT NULL,
    expires_at INTEGER NOT NULL
  );
  CREATE INDEX IF NOT EXISTS attempts_expires_at ON attempts (expires_at);`;

/** Attempts counted in the portal's SQLite file, shared by every process that opens it; one upsert per hit. */
export class SqliteAttemptStore implements AttemptStore {
  private readonly db: DatabaseSync;
  private nextPurge = Number.NEGATIVE_INFINITY;

  constructor(path: string) {
    this.db = openWalDatabase(path, 'FULL'); // a power cut does not lift a lockout
    this.db.exec('PRAGMA secure_delete = ON;');
    this.db.exec(SCHEMA);
  }

  async hit(key: string, window: { windowMs: number; limit: number }, now: Date): Promise<number> {
    const at = now.getTime();
    const row = this.db
      .prepare(
        `
      INSERT INTO attempts (key, count, expires_at) VALUES (:key, 1, :fresh)
      ON CONFLICT (key) DO UPDATE SET
        count      = CASE WHEN expires_at <= :now THEN 1 ELSE count + 1 END,
        expires_at = CASE WHEN expires_at <= :now OR count + 1 = :limit THEN :fresh ELSE expires_at END
      RETURNING count`,
      )
      .get({ key, now: at, fresh: at + window.windowMs, limit: window.limit }) as { count: number };
    if (at >= this.nextPurge) {
      this.nextPurge = at + ATTEMPT_PURGE_EVERY_MS;
      this.db.prepare('DELETE FROM attempts WHERE expires_at <= ?').run(at);
    }
    return row.count;
  }

  async count(key: string, now: Date): Promise<number> {
    const row = this.db
      .prepare('SELECT count FROM attempts WHERE key = ? AND expires_at > ?')
      .get(key, now.getTime()) as { count: number } | undefined;
    return row?.count ?? 0;
  }

  async clear(key: string): Promise<void> {
    this.db.prepare('DELETE FROM attempts WHERE key = ?').run(key);
  }

  async close(): Promise<void> {
    if (this.db.isOpen) this.db.close();
  }
}
