import type { AuditCheckpoint, AuditCheckpointStore } from '@fe/platform';
import type pg from 'pg';
import { pooledQuery } from './pooled-query.ts';
import { translatePgError } from './translate-error.ts';

type Row = { position: string; events: string; root: string; signed_at: string; public_key: string; signature: string };

/** Signed checkpoints beside the events, in the same schema (migrations/006_audit_checkpoints.sql). */
export class PostgresAuditCheckpointStore implements AuditCheckpointStore {
  private readonly pool: pg.Pool;

  constructor(pool: pg.Pool) {
    this.pool = pool;
  }

  async add(c: AuditCheckpoint): Promise<void> {
    await this.query(
      'INSERT INTO audit_checkpoints (position, events, root, signed_at, public_key, signature) VALUES ($1, $2, $3, $4, $5, $6)',
      [String(c.position), c.events, c.root, c.signedAt, c.publicKeyPem, c.signature],
    );
  }

  async latest(): Promise<AuditCheckpoint | undefined> {
    const [row] = await this.query('SELECT * FROM audit_checkpoints ORDER BY seq DESC LIMIT 1', []);
    return row && toCheckpoint(row);
  }

  async all(): Promise<AuditCheckpoint[]> {
    return (await this.query('SELECT * FROM audit_checkpoints ORDER BY seq', [])).map(toCheckpoint);
  }

  async close(): Promise<void> {}

  private async query(sql: string, values: unknown[]): Promise<Row[]> {
    try {
      return (await pooledQuery<Row>(this.pool, sql, values)).rows;
    } catch (error) {
      throw translatePgError(error);
    }
  }
}

const toCheckpoint = (row: Row): AuditCheckpoint => ({
  position: BigInt(row.position),
  events: Number(row.events),
  root: row.root,
  signedAt: row.signed_at,
  publicKeyPem: row.public_key,
  signature: row.signature,
});
