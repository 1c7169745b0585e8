import type { DatabaseSync, StatementSync } from 'node:sqlite';
import { openWalDatabase } from '@fe/platform';
import { ProjectionError } from '../errors.ts';
import type { InvoiceStatusView } from '../invoice-status.ts';
import type { StatusStore } from './status-store.ts';

/**
 * The embedded status read model on `node:sqlite`. Saves commit together in one timed transaction; the
 * projection awaits `flushed()` before an event counts as handled, so a crash loses nothing acknowledged.
 */
const SCHEMA = `
  CREATE TABLE IF NOT EXISTS invoice_status (
    invoice_id  TEXT    PRIMARY KEY,
    tenant_id   TEXT    NOT NULL,
    cufe        TEXT    NOT NULL,
    prefix      TEXT    NOT NULL,
    number      INTEGER NOT NULL,
    document_id TEXT    NOT NULL,
    status      TEXT    NOT NULL,
    stage       TEXT    NOT NULL,
    view        TEXT    NOT NULL,
    position    INTEGER,
    updated_at  TEXT    NOT NULL,
    UNIQUE (tenant_id, cufe)
  );
  CREATE INDEX IF NOT EXISTS invoice_status_number ON invoice_status (tenant_id, prefix, number);`;

const UPSERT = `
  INSERT INTO invoice_status (invoice_id, tenant_id, cufe, prefix, number, document_id, status, stage, view, position, updated_at)
  VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
  ON CONFLICT (invoice_id) DO UPDATE SET
    tenant_id = excluded.tenant_id, cufe = excluded.cufe, prefix = excluded.prefix, number = excluded.number,
    document_id = excluded.document_id, status = excluded.status, stage = excluded.stage, view = excluded.view,
    position = COALESCE(excluded.position, invoice_status.position), updated_at = excluded.updated_at`;

/**
 * The fold changes only these columns once a row exists: an UPDATE that leaves the identity columns alone maintains
 * none of the indexes. It matches only a row with the same identity; any other save takes UPSERT, bound alike.
 */
const UPDATE_FOLDED = `
  UPDATE invoice_status SET status = ?7, stage = ?8, view = ?9, position = COALESCE(?10, position), updated_at = ?11
  WHERE invoice_id = ?1 AND tenant_id = ?2 AND cufe = ?3 AND prefix = ?4 AND number = ?5 AND document_id = ?6`;

const MAX_INT64 = 2n ** 63n - 1n;

const WRITTEN_CACHE = 2_000;
const COMMIT_AFTER_MS = 4;

export class SqliteStatusStore implements StatusStore {
  private readonly db: DatabaseSync;
  private readonly byId: StatementSync;
  private readonly positionById: StatementSync;
  private readonly byCufe: StatementSync;
  private readonly upsert: StatementSync;
  private readonly updateFolded: StatementSync;
  private readonly maxByPrefix: StatementSync;
  private readonly every: StatementSync;
  /**
   * Rows this instance saved, write-through and bounded, so the projection and the status endpoint read what was
   * just written without a query; rows written by another process are always read from the file.
   */
  private readonly written = new Map<string, { view: InvoiceStatusView; position: bigint | undefined }>();
  private readonly writtenByCufe = new Map<string, string>();
  /** Waiting for the open batch's commit; undefined when no batch is open. */
  private batch: { resolve: () => void; reject: (error: unknown) => void }[] | undefined;
  /** What made SQLite roll the open batch back (full disk, I/O error): its saves and its commit fail with it. */
  private batchLost: unknown;

  /** `path` is a file, or ':memory:' for tests and throw-away rebuilds. */
  constructor(path: string) {
    this.db = openWalDatabase(path, 'NORMAL');
    this.db.exec(SCHEMA);
    this.byId = this.db.prepare('SELECT view FROM invoice_status WHERE invoice_id = ?');
    this.positionById = this.db.prepare('SELECT position FROM invoice_status WHERE invoice_id = ?');
    this.byCufe = this.db.prepare('SELECT view FROM invoice_status WHERE tenant_id = ? AND cufe = ?');
    this.upsert = this.db.prepare(UPSERT);
    this.updateFolded = this.db.prepare(UPDATE_FOLDED);
    this.maxByPrefix = this.db.prepare(
      'SELECT MAX(number) AS n FROM invoice_status WHERE tenant_id = ? AND prefix = ?',
    );
    this.every = this.db.prepare('SELECT view FROM invoice_status ORDER BY invoice_id');
    for (const s of [this.positionById, this.maxByPrefix]) s.setReadBigInts(true);
  }

  async get(invoiceId: string): Promise<InvoiceStatusView | undefined> {
    const hit = this.written.get(invoiceId);
    return hit ? hit.view : parse(this.run(() => this.byId.get(invoiceId)));
  }

  async positionOf(invoiceId: string): Promise<bigint | undefined> {
    return this.storedPosition(invoiceId);
  }

  /** In process, two reads cost no round trip: get and positionOf, each served by the batch first. */
  async folded(invoiceId: string): Promise<{ view: InvoiceStatusView; position: bigint | undefined } | undefined> {
    const view = await this.get(invoiceId);
    return view && { view, position: this.storedPosition(invoiceId) };
  }

  private storedPosition(invoiceId: string): bigint | undefined {
    const hit = this.written.get(invoiceId);
    if (hit) return hit.position;
    const row = this.run(() => this.positionById.get(invoiceId)) as { position: bigint | null } | undefined;
    return row?.position ?? undefined;
  }

  async findByCufe(tenantId: string, cufe: string): Promise<InvoiceStatusView | undefined> {
    const id = this.writtenByCufe.get(`${tenantId}\u0000${cufe}`);
    const hit = id === undefined ? undefined : this.written.get(id);
    return hit ? hit.view : parse(this.run(() => this.byCufe.get(tenantId, cufe)));
  }

  async save(view: InvoiceStatusView, position?: bigint): Promise<void> {
    const number = BigInt(view.consecutive);
    if (number > MAX_INT64) throw new ProjectionError('NUMBER_TOO_LARGE');
    this.openBatch();
    // Outside the rolled-back transaction a save would commit on its own, then its batch's commit fail: not counted.
    if (this.batchLost !== undefined) throw this.batchLost;
    const row = [
      view.invoiceId,
      view.tenantId,
      view.cufe,
      view.prefix,
      number,
      view.number,
      view.status,
      view.stage,
      JSON.stringify(view),
      position ?? null,
      view.updatedAt,
    ] as const;
    // A row this store wrote is most likely still there unchanged in identity; the WHERE makes sure of it.
    const updated = this.written.has(view.invoiceId) && this.run(() => this.updateFolded.run(...row)).changes === 1;
    if (!updated) this.run(() => this.upsert.run(...row));
    // The stored position: COALESCE keeps the row's when none is given (see UPSERT and UPDATE_FOLDED).
    const kept = position ?? this.storedPosition(view.invoiceId);
    this.written.delete(view.invoiceId);
    this.written.set(view.invoiceId, { view, position: kept });
    this.writtenByCufe.set(`${view.tenantId}\u0000${view.cufe}`, view.invoiceId);
    if (this.written.size > WRITTEN_CACHE) {
      const [oldestId, oldest] = this.written.entries().next().value!;
      this.written.delete(oldestId);
      this.writtenByCufe.delete(`${oldest.view.tenantId}\u0000${oldest.view.cufe}`);
    }
  }

  async maxNumber(tenantId: string, prefix: string): Promise<bigint | undefined> {
    const row = this.run(() => this.maxByPrefix.get(tenantId, prefix)) as { n: bigint | null };
    return row.n ?? undefined;
  }

  /** Read on the connection that writes, so views of a batch not yet committed are seen too. */
  async listForTenant(tenantId: string, limit: number): Promise<InvoiceStatusView[]> {
    const rows = this.run(() =>
      this.db
        .prepare('SELECT view FROM invoice_status WHERE tenant_id = ? ORDER BY updated_at DESC, invoice_id LIMIT ?')
        .all(tenantId, limit),
    );
    return rows.map((row) => parse(row)!);
  }

  async all(): Promise<InvoiceStatusView[]> {
    return this.run(() => this.every.all()).map((row) => parse(row)!);
  }

  async clear(): Promise<void> {
    this.run(() => this.db.exec('DELETE FROM invoice_status'));
    this.forgetWritten();
  }

  async flushed(): Promise<void> {
    if (!this.batch) return;
    return new Promise((resolve, reject) => this.batch!.push({ resolve, reject }));
  }

  async close(): Promise<void> {
    if (!this.db.isOpen) return;
    this.commitBatch();
    this.db.close();
  }

  private forgetWritten(): void {
    this.written.clear();
    this.writtenByCufe.clear();
  }

  private openBatch(): void {
    if (this.batch) return;
    this.run(() => this.db.exec('BEGIN IMMEDIATE'));
    this.batch = [];
    setTimeout(() => this.commitBatch(), COMMIT_AFTER_MS);
  }

  private commitBatch(): void {
    const waiting = this.batch;
    if (!waiting) return;
    this.batch = undefined;
    const lost = this.batchLost;
    this.batchLost = undefined;
    try {
      if (lost !== undefined) throw lost; // SQLite rolled it back: its saves are retried, with the reason
      this.run(() => this.db.exec('COMMIT'));
    } catch (error) {
      if (this.db.isTransaction) this.db.exec('ROLLBACK');
      this.forgetWritten(); // it may hold views that were never committed
      for (const waiter of waiting) waiter.reject(error);
      return;
    }
    for (const waiter of waiting) waiter.resolve();
  }

  /** Maps SQLite's failures onto stable codes (a locked file can pass; a cufe clash cannot). */
  private run<T>(query: () => T): T {
    try {
      return query();
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      if (message.includes('UNIQUE constraint failed: invoice_status.tenant_id, invoice_status.cufe')) {
        throw new ProjectionError('CUFE_CONFLICT', { cause: error });
      }
      if (/SQLITE_BUSY|database is locked/i.test(message))
        throw new ProjectionError('STATUS_STORE_BUSY', { cause: error });
      const code = (error as { errcode?: unknown }).errcode;
      const failed =
        typeof code === 'number' && CANNOT_WRITE_NOW.has(code & 0xff)
          ? new ProjectionError('STATUS_STORE_UNAVAILABLE', { cause: error })
          : error;
      if (this.batch && !this.db.isTransaction && this.batchLost === undefined) {
        this.batchLost = failed;
        this.forgetWritten(); // views of the rolled-back batch
      }
      throw failed;
    }
  }
}

/** SQLITE_NOMEM 7, SQLITE_IOERR 10 (and its extended codes), SQLITE_FULL 13: the write may pass later. */
const CANNOT_WRITE_NOW = new Set([7, 10, 13]);

const parse = (row: unknown): InvoiceStatusView | undefined =>
  row === undefined ? undefined : (JSON.parse((row as { view: string }).view) as InvoiceStatusView);
