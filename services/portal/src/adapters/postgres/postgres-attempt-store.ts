import { AdapterPool } from '@fe/platform-postgres';
import type pg from 'pg';
import { ATTEMPT_PURGE_EVERY_MS, type AttemptStore } from '../../ports/attempt-store.ts';

/**
 * Attempts counted on PostgreSQL for portal instances sharing a database. A hit is one upsert, so concurrent hits
 * each count once (a read then a write would lose counts).
 */
export class PostgresAttemptStore implements AttemptStore {
  private readonly db: AdapterPool;
  private nextPurge = Number.NEGATIVE_INFINITY;

  constructor(pool: pg.Pool) {
    this.db = new AdapterPool(pool, { name: 'the portal attempt store' });
  }

  async hit(key: string, window: { windowMs: number; limit: number }, now: Date): Promise<number> {
    const { rows } = await this.db.query<{ count: number }>(
      `
      INSERT INTO portal_attempts AS a (key, count, expires_at) VALUES ($1, 1, $3)
      ON CONFLICT (key) DO UPDATE SET
        count      = CASE WHEN a.expires_at <= $2 THEN 1 ELSE a.count + 1 END,
        expires_at = CASE WHEN a.expires_at <= $2 OR a.count + 1 = $4 THEN $3 ELSE a.expires_at END
      RETURNING count`,
      [key, now, new Date(now.getTime() + window.windowMs), window.limit],
    );
    if (now.getTime() >= this.nextPurge) {
      this.nextPurge = now.getTime() + ATTEMPT_PURGE_EVERY_MS;
      await this.db.query('DELETE FROM portal_attempts WHERE expires_at <= $1', [now]);
    }
    return rows[0]!.count;
  }

  async count(key: string, now: Date): Promise<number> {
    const { rows } = await this.db.query<{ count: number }>(
      'SELECT count FROM portal_attempts WHERE key = $1 AND expires_at > $2',
      [key, now],
    );
    return rows[0]?.count ?? 0;
  }

  async clear(key: string): Promise<void> {
    await this.db.query('DELETE FROM portal_attempts WHERE key = $1', [key]);
  }

  /** Stops this store; the pool is the caller's. */
  async close(): Promise<void> {
    this.db.close();
  }
}
