import { DatabaseSync, type StatementSync } from 'node:sqlite';

export type LedgerRow = {
  invoiceId: string;
  tenantId: string;
  number: string;
  cufe: string;
  trackId: string;
  validatedAt: string;
  eventId: string;
};

/**
 * The subscriber's own store. Every write is keyed, so a message delivered twice changes nothing.
 */
export class Ledger {
  private readonly db: DatabaseSync;
  private readonly rememberRequest: StatementSync;
  private readonly requestOf: StatementSync;
  private readonly insert: StatementSync;

  constructor(path: string) {
    this.db = new DatabaseSync(path);
    this.db.exec(`PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL;
      CREATE TABLE IF NOT EXISTS requested (invoice_id TEXT PRIMARY KEY, number TEXT NOT NULL, cufe TEXT NOT NULL);
      CREATE TABLE IF NOT EXISTS accepted (invoice_id TEXT PRIMARY KEY, tenant_id TEXT NOT NULL, number TEXT NOT NULL, cufe TEXT NOT NULL,
        track_id TEXT NOT NULL, validated_at TEXT NOT NULL, event_id TEXT NOT NULL UNIQUE)`);
    this.rememberRequest = this.db.prepare(
      'INSERT OR IGNORE INTO requested (invoice_id, number, cufe) VALUES (?, ?, ?)',
    );
    this.requestOf = this.db.prepare('SELECT number, cufe FROM requested WHERE invoice_id = ?');
    this.insert = this.db.prepare(
      'INSERT OR IGNORE INTO accepted (invoice_id, tenant_id, number, cufe, track_id, validated_at, event_id) VALUES (?, ?, ?, ?, ?, ?, ?)',
    );
  }

  requested(invoiceId: string, number: string, cufe: string): void {
    this.rememberRequest.run(invoiceId, number, cufe);
  }

  /** The number and cufe recorded for an invoice, if its request was seen. */
  request(invoiceId: string): { number: string; cufe: string } | undefined {
    return this.requestOf.get(invoiceId) as { number: string; cufe: string } | undefined;
  }

  /** True when the row is new; false when this invoice was already in the ledger. */
  accepted(row: LedgerRow): boolean {
    return (
      this.insert.run(row.invoiceId, row.tenantId, row.number, row.cufe, row.trackId, row.validatedAt, row.eventId)
        .changes === 1
    );
  }

  rows(): LedgerRow[] {
    return (this.db.prepare('SELECT * FROM accepted ORDER BY number').all() as Record<string, string>[]).map((r) => ({
      invoiceId: r.invoice_id!,
      tenantId: r.tenant_id!,
      number: r.number!,
      cufe: r.cufe!,
      trackId: r.track_id!,
      validatedAt: r.validated_at!,
      eventId: r.event_id!,
    }));
  }

  close(): void {
    if (this.db.isOpen) this.db.close();
  }
}
