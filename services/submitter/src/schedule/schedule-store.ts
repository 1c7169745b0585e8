import type { DatabaseSync, StatementSync } from 'node:sqlite';
import { openWalDatabase } from '@fe/platform';

/**
 * The submitter's durable to-do list: one row per invoice that has DIAN work left and nobody
 * working on it right now — a retry that is not due yet, an invoice whose tenant was at its cap —
 * and the marker of a send in flight. The sweeper runs rows that are due, so retries neither hold a
 * bus partition nor depend on the bus redelivering anything.
 *
 *   const schedule = new SqliteSubmissionSchedule('./data/submitter-schedule.db');
 *   schedule.schedule('inv-demo-SETP990000001', 'demo', new Date(Date.now() + 1_000));
 *   schedule.due(new Date(), 100); // rows with due_at ≤ now, oldest first
 *
 * `markSending` is written just before SendBillSync: if the process dies during the call, the row
 * (due when the call would have timed out) tells the next run that DIAN may have the document, and
 * it reconciles with GetStatus instead of sending again. The row is not the source of truth — the
 * invoice's events are — so a stale row only causes a run that decides there is nothing to do.
 *
 * WAL with synchronous=NORMAL: a committed row survives a process crash (the case this guards);
 * after a power cut the last rows may be lost, and the InvoiceSubmissionFailed reaction re-creates
 * retry rows when the bus redelivers, while a lost send marker degrades to a resend that DIAN
 * answers with rule 90, which is reconciled too.
 */
export type ScheduleRow = { invoiceId: string; tenantId: string; dueAt: Date; sendingAttempt: number | undefined };

export interface SubmissionSchedule {
  /** Work for `invoiceId` is due at `dueAt`; clears a send marker. */
  schedule(invoiceId: string, tenantId: string, dueAt: Date): void;
  /** A send of `attempt` starts now; if nothing is recorded by `leaseUntil`, the row falls due. */
  markSending(invoiceId: string, tenantId: string, attempt: number, leaseUntil: Date): void;
  /** Work is due at `dueAt`, keeping a send marker the row may hold (a deferred run, a run that failed). */
  defer(invoiceId: string, tenantId: string, dueAt: Date): void;
  get(invoiceId: string): ScheduleRow | undefined;
  remove(invoiceId: string): void;
  due(now: Date, limit: number): ScheduleRow[];
  close(): void;
}

const SCHEMA = `
  CREATE TABLE IF NOT EXISTS submission_schedule (
    invoice_id      TEXT    PRIMARY KEY,
    tenant_id       TEXT    NOT NULL,
    due_at          INTEGER NOT NULL,
    sending_attempt INTEGER
  );
  CREATE INDEX IF NOT EXISTS submission_schedule_due ON submission_schedule (due_at);`;

type Row = { invoice_id: string; tenant_id: string; due_at: number; sending_attempt: number | null };
const toRow = (r: Row): ScheduleRow => ({
  invoiceId: r.invoice_id, tenantId: r.tenant_id, dueAt: new Date(r.due_at), sendingAttempt: r.sending_attempt ?? undefined,
});

export class SqliteSubmissionSchedule implements SubmissionSchedule {
  private readonly db: DatabaseSync;
  private readonly upsert: StatementSync;
  private readonly keepMarker: StatementSync;
  private readonly byId: StatementSync;
  private readonly delete: StatementSync;
  private readonly dueRows: StatementSync;

  /** `path` is a file (the embedded shape keeps it under ./data), or ':memory:' for tests. */
  constructor(path: string) {
    this.db = openWalDatabase(path, 'NORMAL');
    this.db.exec(SCHEMA);
    this.upsert = this.db.prepare(`INSERT INTO submission_schedule (invoice_id, tenant_id, due_at, sending_attempt) VALUES (?, ?, ?, ?)
      ON CONFLICT (invoice_id) DO UPDATE SET tenant_id = excluded.tenant_id, due_at = excluded.due_at, sending_attempt = excluded.sending_attempt`);
    this.keepMarker = this.db.prepare(`INSERT INTO submission_schedule (invoice_id, tenant_id, due_at, sending_attempt) VALUES (?, ?, ?, NULL)
      ON CONFLICT (invoice_id) DO UPDATE SET due_at = excluded.due_at`);
    this.byId = this.db.prepare('SELECT * FROM submission_schedule WHERE invoice_id = ?');
    this.delete = this.db.prepare('DELETE FROM submission_schedule WHERE invoice_id = ?');
    this.dueRows = this.db.prepare('SELECT * FROM submission_schedule WHERE due_at <= ? ORDER BY due_at, invoice_id LIMIT ?');
  }

  schedule(invoiceId: string, tenantId: string, dueAt: Date): void {
    this.upsert.run(invoiceId, tenantId, dueAt.getTime(), null);
  }

  markSending(invoiceId: string, tenantId: string, attempt: number, leaseUntil: Date): void {
    this.upsert.run(invoiceId, tenantId, leaseUntil.getTime(), attempt);
  }

  defer(invoiceId: string, tenantId: string, dueAt: Date): void {
    this.keepMarker.run(invoiceId, tenantId, dueAt.getTime());
  }

  get(invoiceId: string): ScheduleRow | undefined {
    const row = this.byId.get(invoiceId) as Row | undefined;
    return row ? toRow(row) : undefined;
  }

  remove(invoiceId: string): void {
    this.delete.run(invoiceId);
  }

  due(now: Date, limit: number): ScheduleRow[] {
    return (this.dueRows.all(now.getTime(), limit) as Row[]).map(toRow);
  }

  close(): void {
    if (this.db.isOpen) this.db.close();
  }
}
