import { AdapterPool, migrationSet, statement, type PgFailure } from '@fe/platform-postgres';
import type pg from 'pg';
import { ProjectionError } from '../../errors.ts';
import type { InvoiceStatusView } from '../../invoice-status.ts';
import type { StatusStore } from '../../store/status-store.ts';

/** The tables of this adapter (migrations/), applied by the shared migrator under the set 'projection'. */
export const statusStoreMigrations = () => migrationSet('projection', new URL('./migrations/', import.meta.url));

const UPSERT = statement(`
  INSERT INTO invoice_status (invoice_id, tenant_id, cufe, prefix, number, document_id, status, stage, view, position, updated_at)
  VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
  ON CONFLICT (invoice_id) DO UPDATE SET
    tenant_id = excluded.tenant_id, cufe = excluded.cufe, prefix = excluded.prefix, number = excluded.number,
    document_id = excluded.document_id, status = excluded.status, stage = excluded.stage, view = excluded.view,
    position = COALESCE(excluded.position, invoice_status.position), updated_at = excluded.updated_at`);
// A fold's write over a row this store saved: only while the row still holds the position it saved, so a row another
// writer moved on meanwhile is never overwritten from the older view.
const UPDATE_SAVED = statement(`
  UPDATE invoice_status SET tenant_id = $2, cufe = $3, prefix = $4, number = $5, document_id = $6, status = $7,
    stage = $8, view = $9, position = $10, updated_at = $11
  WHERE invoice_id = $1 AND position = $12`);
const GET = statement('SELECT view FROM invoice_status WHERE invoice_id = $1');
const FOLDED = statement('SELECT view, position FROM invoice_status WHERE invoice_id = $1');

const MAX_INT64 = 2n ** 63n - 1n;

const SAVED_CACHE = 2_000;

/**
 * The status read model on PostgreSQL. Each save autocommits before it resolves, so `flushed()` has nothing to
 * wait for; positions are read back as strings to stay exact past 2^53.
 */
export class PostgresStatusStore implements StatusStore {
  private readonly db: AdapterPool;
  /**
   * Rows this store saved with a position, newest last and bounded: folding an invoice's next event reads nothing,
   * and its save writes only over that position. A row another process saved meanwhile (its partition moved) fails
   * that save as STATUS_ROW_MOVED, retriable, and is read again on the redelivery.
   */
  private readonly saved = new Map<string, { view: InvoiceStatusView; position: bigint }>();

  constructor(pool: pg.Pool) {
    this.db = new AdapterPool(pool, { name: 'the status store', translate: cufeConflict });
  }

  async get(invoiceId: string): Promise<InvoiceStatusView | undefined> {
    const { rows } = await this.db.query<{ view: InvoiceStatusView }>(GET, [invoiceId]);
    return rows[0]?.view;
  }

  async positionOf(invoiceId: string): Promise<bigint | undefined> {
    const { rows } = await this.db.query<{ position: string | null }>(
      'SELECT position FROM invoice_status WHERE invoice_id = $1',
      [invoiceId],
    );
    return rows[0]?.position == null ? undefined : BigInt(rows[0].position);
  }

  async folded(invoiceId: string): Promise<{ view: InvoiceStatusView; position: bigint | undefined } | undefined> {
    const mine = this.saved.get(invoiceId);
    if (mine) return mine;
    const { rows } = await this.db.query<{ view: InvoiceStatusView; position: string | null }>(FOLDED, [invoiceId]);
    const row = rows[0];
    return row && { view: row.view, position: row.position == null ? undefined : BigInt(row.position) };
  }

  async findByCufe(tenantId: string, cufe: string): Promise<InvoiceStatusView | undefined> {
    const { rows } = await this.db.query<{ view: InvoiceStatusView }>(
      'SELECT view FROM invoice_status WHERE tenant_id = $1 AND cufe = $2',
      [tenantId, cufe],
    );
    return rows[0]?.view;
  }

  async save(view: InvoiceStatusView, position?: bigint): Promise<void> {
    const number = BigInt(view.consecutive);
    if (number > MAX_INT64) throw new ProjectionError('NUMBER_TOO_LARGE');
    const row = [
      view.invoiceId,
      view.tenantId,
      view.cufe,
      view.prefix,
      String(number),
      view.number,
      view.status,
      view.stage,
      JSON.stringify(view),
      position === undefined ? null : String(position),
      view.updatedAt,
    ];
    const mine = this.saved.get(view.invoiceId);
    this.saved.delete(view.invoiceId); // until this save is known to have landed
    if (mine && position !== undefined) {
      const { rowCount } = await this.db.query(UPDATE_SAVED, [...row, String(mine.position)]);
      if (!rowCount) throw new ProjectionError('STATUS_ROW_MOVED');
    } else await this.db.query(UPSERT, row);
    if (position === undefined) return;
    this.saved.set(view.invoiceId, { view, position });
    if (this.saved.size > SAVED_CACHE) this.saved.delete(this.saved.keys().next().value!);
  }

  async maxNumber(tenantId: string, prefix: string): Promise<bigint | undefined> {
    const { rows } = await this.db.query<{ n: string | null }>(
      'SELECT MAX(number) AS n FROM invoice_status WHERE tenant_id = $1 AND prefix = $2',
      [tenantId, prefix],
    );
    return rows[0]?.n == null ? undefined : BigInt(rows[0].n);
  }

  async listForTenant(tenantId: string, limit: number): Promise<InvoiceStatusView[]> {
    const { rows } = await this.db.query<{ view: InvoiceStatusView }>(
      'SELECT view FROM invoice_status WHERE tenant_id = $1 ORDER BY updated_at DESC, invoice_id LIMIT $2',
      [tenantId, limit],
    );
    return rows.map((row) => row.view);
  }

  async all(): Promise<InvoiceStatusView[]> {
    const { rows } = await this.db.query<{ view: InvoiceStatusView }>(
      'SELECT view FROM invoice_status ORDER BY invoice_id',
    );
    return rows.map((row) => row.view);
  }

  async clear(): Promise<void> {
    this.saved.clear();
    await this.db.query('DELETE FROM invoice_status');
  }

  /** Every save committed before it resolved: nothing is pending. */
  async flushed(): Promise<void> {}

  async close(): Promise<void> {
    this.db.close();
  }
}

const cufeConflict = (error: PgFailure) =>
  error.code === '23505' && error.constraint === 'invoice_status_tenant_cufe'
    ? new ProjectionError('CUFE_CONFLICT', { cause: error })
    : undefined;
