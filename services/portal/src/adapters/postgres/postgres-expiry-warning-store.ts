import { AdapterPool } from '@fe/platform-postgres';
import type pg from 'pg';
import type { ExpiryWarning, ExpiryWarningStore } from '../../ports/expiry-warning-store.ts';

/** The mailed expiry warnings on PostgreSQL, for portal instances sharing a database: a claim is one insert. */
export class PostgresExpiryWarningStore implements ExpiryWarningStore {
  private readonly db: AdapterPool;

  constructor(pool: pg.Pool) {
    this.db = new AdapterPool(pool, { name: 'the portal expiry warning store' });
  }

  async claim(warning: ExpiryWarning, at: Date): Promise<boolean> {
    const { rowCount } = await this.db.query(
      `INSERT INTO portal_certificate_expiry_warnings (tenant_id, generation, threshold, claimed_at)
       VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING`,
      [warning.tenantId, warning.generation, String(warning.threshold), at],
    );
    return rowCount === 1;
  }

  async release(warning: ExpiryWarning): Promise<void> {
    await this.db.query(
      'DELETE FROM portal_certificate_expiry_warnings WHERE tenant_id = $1 AND generation = $2 AND threshold = $3',
      [warning.tenantId, warning.generation, String(warning.threshold)],
    );
  }

  /** Stops this store; the pool is the caller's. */
  async close(): Promise<void> {
    this.db.close();
  }
}
