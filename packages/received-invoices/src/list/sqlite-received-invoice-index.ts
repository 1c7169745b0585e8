import type { DatabaseSync, StatementSync } from 'node:sqlite';
import { openWalDatabase } from '@fe/platform';
import type { ReceivedInvoiceIndex } from './received-invoice-index.ts';

const SCHEMA = `
  CREATE TABLE IF NOT EXISTS received_invoices (
    tenant_id   TEXT    NOT NULL,
    cufe        TEXT    NOT NULL,
    imported_at INTEGER NOT NULL,
    PRIMARY KEY (tenant_id, cufe)
  );
  CREATE INDEX IF NOT EXISTS received_invoices_newest ON received_invoices (tenant_id, imported_at DESC, cufe);`;

/** The embedded list of received invoices on `node:sqlite` (the embedded shape's state.sqlite). */
export class SqliteReceivedInvoiceIndex implements ReceivedInvoiceIndex {
  private readonly db: DatabaseSync;
  private readonly insert: StatementSync;
  private readonly page: StatementSync;

  /** `path` is a file, or ':memory:' for tests. */
  constructor(path: string) {
    this.db = openWalDatabase(path, 'NORMAL');
    this.db.exec(SCHEMA);
    this.insert = this.db.prepare(
      'INSERT INTO received_invoices (tenant_id, cufe, imported_at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING',
    );
    this.page = this.db.prepare(`SELECT cufe, imported_at FROM received_invoices
      WHERE tenant_id = ? AND imported_at < ? ORDER BY imported_at DESC, cufe LIMIT ?`);
  }

  async add(tenantId: string, cufe: string, importedAt: Date): Promise<void> {
    this.insert.run(tenantId, cufe, importedAt.getTime());
  }

  async list(tenantId: string, options: { limit: number; before?: Date }) {
    const rows = this.page.all(
      tenantId,
      options.before?.getTime() ?? Number.MAX_SAFE_INTEGER,
      Math.min(200, Math.max(1, options.limit)),
    ) as { cufe: string; imported_at: number }[];
    return rows.map((r) => ({ cufe: r.cufe, importedAt: new Date(r.imported_at) }));
  }

  async close(): Promise<void> {
    if (this.db.isOpen) this.db.close();
  }
}
