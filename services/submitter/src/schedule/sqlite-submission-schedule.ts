import type { DatabaseSync, StatementSync } from 'node:sqlite';
import { openWalDatabase } from '@fe/platform';
import { SqliteNextDue } from './sqlite-next-due.ts';
import type { ScheduleClaim, ScheduleRow, SubmissionSchedule } from './submission-schedule.ts';

const SCHEMA = `
  CREATE TABLE IF NOT EXISTS submission_schedule (
    invoice_id      TEXT    PRIMARY KEY,
    tenant_id       TEXT    NOT NULL,
    due_at          INTEGER NOT NULL,
    sending_attempt INTEGER,
    claimed_by      TEXT,
    claimed_until   INTEGER
  );
  CREATE INDEX IF NOT EXISTS submission_schedule_due ON submission_schedule (due_at);`;

const UNCLAIMED_DUE = 'due_at <= ? AND (claimed_until IS NULL OR claimed_until <= ?)';

type Row = { invoice_id: string; tenant_id: string; due_at: number; sending_attempt: number | null };
const toRow = (r: Row): ScheduleRow => ({
  invoiceId: r.invoice_id,
  tenantId: r.tenant_id,
  dueAt: new Date(r.due_at),
  sendingAttempt: r.sending_attempt ?? undefined,
});

/**
 * The embedded submission schedule on `node:sqlite`. synchronous=NORMAL is enough: rows a power cut loses are
 * re-created on redelivery, and a lost send marker degrades to a resend DIAN answers with rule 90.
 */
export class SqliteSubmissionSchedule implements SubmissionSchedule {
  private readonly db: DatabaseSync;
  private readonly upsert: StatementSync;
  private readonly upsertSending: StatementSync;
  private readonly keepMarker: StatementSync;
  private readonly heldSchedule: StatementSync;
  private readonly heldSending: StatementSync;
  private readonly heldDefer: StatementSync;
  private readonly heldDelete: StatementSync;
  private readonly take: StatementSync;
  private readonly byId: StatementSync;
  private readonly delete: StatementSync;
  private readonly dueRows: StatementSync;
  private readonly claimRows: StatementSync;
  private readonly unclaim: StatementSync;
  private readonly nextDue: SqliteNextDue;

  /** `path` is a file (the embedded shape keeps it under ./data), or ':memory:' for tests. */
  constructor(path: string) {
    this.db = openWalDatabase(path, 'NORMAL');
    this.db.exec(SCHEMA);
    addClaimColumns(this.db);
    // Writes without a holder (tests, an operator) leave a claim alone: its holder may be sending.
    this.upsert = this.db
      .prepare(`INSERT INTO submission_schedule (invoice_id, tenant_id, due_at, sending_attempt) VALUES (?, ?, ?, NULL)
      ON CONFLICT (invoice_id) DO UPDATE SET tenant_id = excluded.tenant_id, due_at = excluded.due_at, sending_attempt = NULL`);
    this.upsertSending = this.db
      .prepare(`INSERT INTO submission_schedule (invoice_id, tenant_id, due_at, sending_attempt) VALUES (?, ?, ?, ?)
      ON CONFLICT (invoice_id) DO UPDATE SET tenant_id = excluded.tenant_id, due_at = excluded.due_at, sending_attempt = excluded.sending_attempt`);
    this.keepMarker = this.db
      .prepare(`INSERT INTO submission_schedule (invoice_id, tenant_id, due_at, sending_attempt) VALUES (?, ?, ?, NULL)
      ON CONFLICT (invoice_id) DO UPDATE SET due_at = excluded.due_at`);
    // A holder's writes: compare-and-set on its claim, which they end (markSending extends it to the send's lease).
    this.heldSchedule = this.db.prepare(`UPDATE submission_schedule SET due_at = ?, sending_attempt = NULL,
      claimed_by = NULL, claimed_until = NULL WHERE invoice_id = ? AND claimed_by = ?`);
    this.heldSending = this.db.prepare(`UPDATE submission_schedule SET due_at = ?, sending_attempt = ?,
      claimed_until = ? WHERE invoice_id = ? AND claimed_by = ?`);
    this.heldDefer = this.db.prepare(`UPDATE submission_schedule SET due_at = ?, claimed_by = NULL, claimed_until = NULL
      WHERE invoice_id = ? AND claimed_by = ?`);
    this.heldDelete = this.db.prepare('DELETE FROM submission_schedule WHERE invoice_id = ? AND claimed_by = ?');
    this.take = this.db.prepare(`INSERT INTO submission_schedule
      (invoice_id, tenant_id, due_at, sending_attempt, claimed_by, claimed_until) VALUES (?, ?, ?, NULL, ?, ?)
      ON CONFLICT (invoice_id) DO UPDATE SET claimed_by = excluded.claimed_by, claimed_until = excluded.claimed_until
      WHERE submission_schedule.claimed_until IS NULL OR submission_schedule.claimed_until <= ? RETURNING *`);
    this.byId = this.db.prepare('SELECT * FROM submission_schedule WHERE invoice_id = ?');
    this.delete = this.db.prepare('DELETE FROM submission_schedule WHERE invoice_id = ?');
    this.dueRows = this.db.prepare(
      `SELECT * FROM submission_schedule WHERE ${UNCLAIMED_DUE} ORDER BY due_at, invoice_id LIMIT ?`,
    );
    // One statement takes the writer's lock: another connection's claim waits for it and then sees the claims.
    this.claimRows = this.db.prepare(`UPDATE submission_schedule SET claimed_by = ?, claimed_until = ?
      WHERE invoice_id IN (SELECT invoice_id FROM submission_schedule WHERE ${UNCLAIMED_DUE} ORDER BY due_at, invoice_id LIMIT ?) RETURNING *`);
    this.unclaim = this.db.prepare(
      'UPDATE submission_schedule SET claimed_by = NULL, claimed_until = NULL WHERE invoice_id = ? AND claimed_by = ? RETURNING due_at',
    );
    this.nextDue = new SqliteNextDue(this.db, 'submission_schedule');
  }

  async schedule(invoiceId: string, tenantId: string, dueAt: Date, holder?: string): Promise<boolean> {
    this.nextDue.lower(dueAt.getTime());
    if (holder !== undefined) return this.heldSchedule.run(dueAt.getTime(), invoiceId, holder).changes > 0;
    this.upsert.run(invoiceId, tenantId, dueAt.getTime());
    return true;
  }

  async markSending(
    invoiceId: string,
    tenantId: string,
    attempt: number,
    leaseUntil: Date,
    holder?: string,
  ): Promise<boolean> {
    const until = leaseUntil.getTime();
    this.nextDue.lower(until);
    if (holder !== undefined) return this.heldSending.run(until, attempt, until, invoiceId, holder).changes > 0;
    this.upsertSending.run(invoiceId, tenantId, until, attempt);
    return true;
  }

  async defer(invoiceId: string, tenantId: string, dueAt: Date, holder?: string): Promise<boolean> {
    this.nextDue.lower(dueAt.getTime());
    if (holder !== undefined) return this.heldDefer.run(dueAt.getTime(), invoiceId, holder).changes > 0;
    this.keepMarker.run(invoiceId, tenantId, dueAt.getTime());
    return true;
  }

  async acquire(
    invoiceId: string,
    tenantId: string,
    now: Date,
    claim: ScheduleClaim,
  ): Promise<ScheduleRow | undefined> {
    const at = now.getTime();
    this.nextDue.lower(claim.until.getTime()); // a row it creates falls due when the claim ends
    const row = this.take.get(invoiceId, tenantId, at, claim.owner, claim.until.getTime(), at) as Row | undefined;
    return row ? toRow(row) : undefined;
  }

  async get(invoiceId: string): Promise<ScheduleRow | undefined> {
    const row = this.byId.get(invoiceId) as Row | undefined;
    return row ? toRow(row) : undefined;
  }

  async remove(invoiceId: string, holder?: string): Promise<boolean> {
    return (holder === undefined ? this.delete.run(invoiceId) : this.heldDelete.run(invoiceId, holder)).changes > 0;
  }

  async due(now: Date, limit: number, claim?: ScheduleClaim): Promise<ScheduleRow[]> {
    const at = now.getTime();
    if (!claim) return (this.dueRows.all(at, at, limit) as Row[]).map(toRow);
    const rows = this.claimRows.all(claim.owner, claim.until.getTime(), at, at, limit) as Row[];
    // RETURNING keeps no order
    return rows.sort((a, b) => a.due_at - b.due_at || (a.invoice_id < b.invoice_id ? -1 : 1)).map(toRow);
  }

  async release(invoiceId: string, owner: string): Promise<void> {
    const row = this.unclaim.get(invoiceId, owner) as { due_at: number } | undefined;
    if (row) this.nextDue.lower(row.due_at);
  }

  nothingDueAt(now: Date): boolean {
    return this.nextDue.nothingDueAt(now);
  }

  async close(): Promise<void> {
    if (this.db.isOpen) this.db.close();
  }
}

/** A schedule file written before claims existed gets their columns (empty: nobody holds a row). */
function addClaimColumns(db: DatabaseSync): void {
  const columns = new Set(
    (db.prepare('PRAGMA table_info(submission_schedule)').all() as { name: string }[]).map((c) => c.name),
  );
  if (!columns.has('claimed_by')) db.exec('ALTER TABLE submission_schedule ADD COLUMN claimed_by TEXT');
  if (!columns.has('claimed_until')) db.exec('ALTER TABLE submission_schedule ADD COLUMN claimed_until INTEGER');
}
