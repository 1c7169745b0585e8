import { AdapterPool, migrationSet } from '@fe/platform-postgres';
import type pg from 'pg';
import type { ReceivedInvoiceIndex } from '../received-invoice-index.ts';

/** The table of this adapter (migrations/), applied by the shared migrator under the set 'received-invoices'. */
export const receivedInvoiceIndexMigrations = () =>
  migrationSet('received-invoices', new URL('./migrations/', import.meta.url));

const ADD = `INSERT INTO received_invoices (tenant_id, cufe, imported_at) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING`;
const PAGE = `SELECT cufe, imported_at FROM received_invoices WHERE tenant_id = $1 AND imported_at < $2
  ORDER BY imported_at DESC, cufe LIMIT $3`;

/** The list of received invoices on PostgreSQL, shared by every ingress instance (the distributed shape). */
export class PostgresReceivedInvoiceIndex implements ReceivedInvoiceIndex {
  private readonly db: AdapterPool;

  constructor(pool: pg.Pool) {
    this.db = new AdapterPool(pool, { name: 'the list of received invoices' });
  }

  async add(tenantId: string, cufe: string, importedAt: Date): Promise<void> {
    await this.db.query(ADD, [tenantId, cufe, importedAt]);
  }

  async list(tenantId: string, options: { limit: number; before?: Date }) {
    const { rows } = await this.db.query<{ cufe: string; imported_at: Date }>(PAGE, [
      tenantId,
      options.before ?? new Date('9999-12-31T00:00:00Z'),
      Math.min(200, Math.max(1, options.limit)),
    ]);
    return rows.map((r) => ({ cufe: r.cufe, importedAt: r.imported_at }));
  }

  async close(): Promise<void> {
    // The pool is the composition root's.
  }
}
