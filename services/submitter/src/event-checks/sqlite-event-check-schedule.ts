import type { DatabaseSync, StatementSync } from 'node:sqlite';
import { openWalDatabase } from '@fe/platform';
import { SqliteNextDue } from '../schedule/sqlite-next-due.ts';
import type { ScheduleClaim } from '../schedule/submission-schedule.ts';
import type { EventCheckRow, EventCheckSchedule } from './event-check-schedule.ts';

const SCHEMA = `
  CREATE TABLE IF NOT EXISTS event_check_schedule (
    invoice_id    TEXT    PRIMARY KEY,
    tenant_id     TEXT    NOT NULL,
    due_at        INTEGER NOT NULL,
    claimed_by    TEXT,
    claimed_until INTEGER
  );
  CREATE INDEX IF NOT EXISTS event_check_schedule_due ON event_check_schedule (due_at, invoice_id);`;

const UNCLAIMED_DUE = 'due_at <= ? AND (claimed_until IS NULL OR claimed_until <= ?)';

type Row = { invoice_id: string; tenant_id: string; due_at: number };
const toRow = (r: Row): EventCheckRow => ({
  invoiceId: r.invoice_id,
  tenantId: r.tenant_id,
  dueAt: new Date(r.due_at),
});

/**
 * The embedded event-check schedule on `node:sqlite` (the submitter's `state.sqlite`). synchronous=NORMAL is enough:
 * a row a power cut loses is made again by the InvoiceAccepted redelivery, or by the next check of the invoice.
 */
export class SqliteEventCheckSchedule implements EventCheckSchedule {
  private readonly db: DatabaseSync;
  private readonly insertIfAbsent: StatementSync;
  private readonly upsert: StatementSync;
  private readonly heldMove: StatementSync;
  private readonly heldDelete: StatementSync;
  private readonly delete: StatementSync;
  private readonly take: StatementSync;
  private readonly byId: StatementSync;
  private readonly dueRows: StatementSync;
  private readonly claimRows: StatementSync;
  private readonly unclaim: StatementSync;
  private readonly nextDue: SqliteNextDue;

  /** `path` is a file (the embedded shape's state.sqlite), or ':memory:' for tests. */
  constructor(path: string) {
    this.db = openWalDatabase(path, 'NORMAL');
    this.db.exec(SCHEMA);
    this.insertIfAbsent = this.db.prepare(
      'INSERT INTO event_check_schedule (invoice_id, tenant_id, due_at) VALUES (?, ?, ?) ON CONFLICT (invoice_id) DO NOTHING',
    );
    // Without a holder (an operator, a test) a claim stays: its holder may be asking DIAN.
    this.upsert = this.db.prepare(`INSERT INTO event_check_schedule (invoice_id, tenant_id, due_at) VALUES (?, ?, ?)
      ON CONFLICT (invoice_id) DO UPDATE SET tenant_id = excluded.tenant_id, due_at = excluded.due_at`);
    this.heldMove = this.db.prepare(`UPDATE event_check_schedule SET due_at = ?, claimed_by = NULL, claimed_until = NULL
      WHERE invoice_id = ? AND claimed_by = ?`);
    this.heldDelete = this.db.prepare('DELETE FROM event_check_schedule WHERE invoice_id = ? AND claimed_by = ?');
    this.delete = this.db.prepare('DELETE FROM event_check_schedule WHERE invoice_id = ?');
    this.take = this.db
      .prepare(`INSERT INTO event_check_schedule (invoice_id, tenant_id, due_at, claimed_by, claimed_until)
      VALUES (?, ?, ?, ?, ?)
      ON CONFLICT (invoice_id) DO UPDATE SET claimed_by = excluded.claimed_by, claimed_until = excluded.claimed_until
      WHERE event_check_schedule.claimed_until IS NULL OR event_check_schedule.claimed_until <= ? RETURNING *`);
    this.byId = this.db.prepare('SELECT * FROM event_check_schedule WHERE invoice_id = ?');
    this.dueRows = this.db.prepare(
      `SELECT * FROM event_check_schedule WHERE ${UNCLAIMED_DUE} ORDER BY due_at, invoice_id LIMIT ?`,
    );
    // One statement takes the writer's lock: another connection's claim waits for it and then sees the claims.
    this.claimRows = this.db.prepare(`UPDATE event_check_schedule SET claimed_by = ?, claimed_until = ?
      WHERE invoice_id IN (SELECT invoice_id FROM event_check_schedule WHERE ${UNCLAIMED_DUE} ORDER BY due_at, invoice_id LIMIT ?) RETURNING *`);
    this.unclaim = this.db.prepare(
      'UPDATE event_check_schedule SET claimed_by = NULL, claimed_until = NULL WHERE invoice_id = ? AND claimed_by = ? RETURNING due_at',
    );
    this.nextDue = new SqliteNextDue(this.db, 'event_check_schedule');
  }

  async follow(invoiceId: string, tenantId: string, dueAt: Date): Promise<boolean> {
    this.nextDue.lower(dueAt.getTime());
    return this.insertIfAbsent.run(invoiceId, tenantId, dueAt.getTime()).changes > 0;
  }

  async reschedule(invoiceId: string, tenantId: string, dueAt: Date, holder?: string): Promise<boolean> {
    this.nextDue.lower(dueAt.getTime());
    if (holder !== undefined) return this.heldMove.run(dueAt.getTime(), invoiceId, holder).changes > 0;
    this.upsert.run(invoiceId, tenantId, dueAt.getTime());
    return true;
  }

  async remove(invoiceId: string, holder?: string): Promise<boolean> {
    return (holder === undefined ? this.delete.run(invoiceId) : this.heldDelete.run(invoiceId, holder)).changes > 0;
  }

  async get(invoiceId: string): Promise<EventCheckRow | undefined> {
    const row = this.byId.get(invoiceId) as Row | undefined;
    return row ? toRow(row) : undefined;
  }

  async acquire(
    invoiceId: string,
    tenantId: string,
    now: Date,
    claim: ScheduleClaim,
  ): Promise<EventCheckRow | undefined> {
    const at = now.getTime();
    this.nextDue.lower(claim.until.getTime()); // a row it creates falls due when the claim ends
    const row = this.take.get(invoiceId, tenantId, at, claim.owner, claim.until.getTime(), at) as Row | undefined;
    return row ? toRow(row) : undefined;
  }

  async due(now: Date, limit: number, claim?: ScheduleClaim): Promise<EventCheckRow[]> {
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
