import { PlatformError } from '@fe/platform';
import { AdapterPool, migrationSet } from '@fe/platform-postgres';
import type pg from 'pg';
import type { BeginInput, BeginResult, IdempotencyStore, StoredResponse } from '../../idempotency/idempotency-store.ts';

/** The tables of this adapter (migrations/), applied by the shared migrator under the set 'ingress'. */
export const idempotencyStoreMigrations = () => migrationSet('ingress', new URL('./migrations/', import.meta.url));

type KeyRow = { endpoint: string | null; request_hash: string; response: StoredResponse | null; lease_until: Date };

/** A row that changed between two statements (released and begun again) is tried again, this many times at most. */
const MAX_ROUNDS = 5;

/**
 * Idempotency keys on PostgreSQL, shared by every ingress replica. The primary key picks the winner of
 * concurrent begins, and a take-over is one conditional UPDATE, so exactly one of two racing begins wins.
 */
export class PostgresIdempotencyStore implements IdempotencyStore {
  private readonly db: AdapterPool;

  constructor(pool: pg.Pool) {
    this.db = new AdapterPool(pool, { name: 'the idempotency store' });
  }

  async begin(input: BeginInput): Promise<BeginResult> {
    const { tenantId, key, endpoint, requestHash, now, leaseMs, storeHead } = input;
    const leaseUntil = new Date(now.getTime() + leaseMs);
    for (let round = 0; round < MAX_ROUNDS; round++) {
      const inserted = await this.db.query(
        `INSERT INTO idempotency_keys (tenant_id, key, request_hash, response, lease_until, store_head, created_at, endpoint)
         VALUES ($1, $2, $3, NULL, $4, $5, $6, $7) ON CONFLICT (tenant_id, key) DO NOTHING`,
        [tenantId, key, requestHash, leaseUntil, String(storeHead), now, endpoint],
      );
      if (inserted.rowCount === 1) return { outcome: 'started' };
      const takenOver = await this.db.query<{ store_head: string }>(
        `UPDATE idempotency_keys SET lease_until = $4
         WHERE tenant_id = $1 AND key = $2 AND request_hash = $3 AND response IS NULL AND lease_until <= $5
           AND (endpoint IS NULL OR endpoint = $6)
         RETURNING store_head`,
        [tenantId, key, requestHash, leaseUntil, now, endpoint],
      );
      if (takenOver.rows[0]) return { outcome: 'taken_over', storeHead: BigInt(takenOver.rows[0].store_head) };
      const { rows } = await this.db.query<KeyRow>(
        'SELECT endpoint, request_hash, response, lease_until FROM idempotency_keys WHERE tenant_id = $1 AND key = $2',
        [tenantId, key],
      );
      const row = rows[0];
      if (!row) continue; // released in between: begin again
      if (row.endpoint !== null && row.endpoint !== endpoint)
        return { outcome: 'other_endpoint', endpoint: row.endpoint };
      if (row.request_hash !== requestHash) return { outcome: 'mismatch' };
      if (row.response !== null) return { outcome: 'replay', response: row.response };
      if (row.lease_until.getTime() > now.getTime()) return { outcome: 'in_progress' };
      // Its lease ended after all: the row was released and begun again in between. Try once more.
    }
    // Only a key released and begun again by others on every round gets here: the client may retry.
    throw new PlatformError(
      'STORE_UNAVAILABLE',
      `the idempotency key kept changing under begin (${MAX_ROUNDS} rounds); retry`,
      true,
    );
  }

  async complete(tenantId: string, key: string, response: StoredResponse): Promise<void> {
    await this.db.query('UPDATE idempotency_keys SET response = $3 WHERE tenant_id = $1 AND key = $2', [
      tenantId,
      key,
      JSON.stringify(response),
    ]);
  }

  async release(tenantId: string, key: string): Promise<void> {
    await this.db.query('DELETE FROM idempotency_keys WHERE tenant_id = $1 AND key = $2', [tenantId, key]);
  }

  async purgeCreatedBefore(cutoff: Date): Promise<number> {
    const { rowCount } = await this.db.query('DELETE FROM idempotency_keys WHERE created_at < $1', [cutoff]);
    return rowCount ?? 0;
  }

  async close(): Promise<void> {
    this.db.close();
  }
}
