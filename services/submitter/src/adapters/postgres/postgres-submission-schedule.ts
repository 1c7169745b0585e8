import { AdapterPool, statement, type Statement, migrationSet } from '@fe/platform-postgres';
import type pg from 'pg';
import type { ScheduleClaim, ScheduleRow, SubmissionSchedule } from '../../schedule/submission-schedule.ts';

/** The tables of this adapter (migrations/), applied by the shared migrator under the set 'submitter'. */
export const submissionScheduleMigrations = () => migrationSet('submitter', new URL('./migrations/', import.meta.url));

type Row = { invoice_id: string; tenant_id: string; due_at: Date; sending_attempt: number | null };
const toRow = (r: Row): ScheduleRow => ({
  invoiceId: r.invoice_id,
  tenantId: r.tenant_id,
  dueAt: r.due_at,
  sendingAttempt: r.sending_attempt ?? undefined,
});

// Writes without a holder (tests, an operator) leave a claim alone: its holder may be sending.
const UPSERT = `INSERT INTO submission_schedule (invoice_id, tenant_id, due_at, sending_attempt) VALUES ($1, $2, $3, $4)
  ON CONFLICT (invoice_id) DO UPDATE SET tenant_id = excluded.tenant_id, due_at = excluded.due_at,
  sending_attempt = excluded.sending_attempt`;

// A holder's writes: compare-and-set on its claim, which they end (markSending extends it to the send's lease).
const HELD_SCHEDULE = statement(`UPDATE submission_schedule SET due_at = $2, sending_attempt = NULL, claimed_by = NULL,
  claimed_until = NULL WHERE invoice_id = $1 AND claimed_by = $3`);
const HELD_SENDING = statement(`UPDATE submission_schedule SET due_at = $2, sending_attempt = $3, claimed_until = $2
  WHERE invoice_id = $1 AND claimed_by = $4`);
const HELD_DEFER = statement(`UPDATE submission_schedule SET due_at = $2, claimed_by = NULL, claimed_until = NULL
  WHERE invoice_id = $1 AND claimed_by = $3`);

// The conflict arm's WHERE sees the row's latest committed version: of two takers, the second finds it claimed.
const TAKE =
  statement(`INSERT INTO submission_schedule (invoice_id, tenant_id, due_at, sending_attempt, claimed_by, claimed_until)
  VALUES ($1, $2, $3, NULL, $4, $5)
  ON CONFLICT (invoice_id) DO UPDATE SET claimed_by = excluded.claimed_by, claimed_until = excluded.claimed_until
  WHERE submission_schedule.claimed_until IS NULL OR submission_schedule.claimed_until <= $3 RETURNING invoice_id, tenant_id, due_at, sending_attempt`);

const HELD_REMOVE = statement('DELETE FROM submission_schedule WHERE invoice_id = $1 AND claimed_by = $2');
const RELEASE = statement(
  'UPDATE submission_schedule SET claimed_by = NULL, claimed_until = NULL WHERE invoice_id = $1 AND claimed_by = $2',
);
const UNCLAIMED_DUE = 'due_at <= $1 AND (claimed_until IS NULL OR claimed_until <= $1)';

// SKIP LOCKED: a row another instance is claiming in this instant is left to it, not waited for;
// the WHERE is checked again on the row's latest version, so a claim committed meanwhile excludes it.
const CLAIM = statement(`UPDATE submission_schedule s SET claimed_by = $3, claimed_until = $4
  FROM (SELECT invoice_id FROM submission_schedule WHERE ${UNCLAIMED_DUE} ORDER BY due_at, invoice_id LIMIT $2 FOR UPDATE SKIP LOCKED) c
  WHERE s.invoice_id = c.invoice_id RETURNING s.invoice_id, s.tenant_id, s.due_at, s.sending_attempt`);

const byDueThenId = (a: ScheduleRow, b: ScheduleRow) =>
  a.dueAt.getTime() - b.dueAt.getTime() || (a.invoiceId < b.invoiceId ? -1 : a.invoiceId > b.invoiceId ? 1 : 0);

/**
 * The submission schedule on PostgreSQL, shared by every submitter instance. `due` with a claim is one UPDATE,
 * so two sweeping instances split the rows and never both send an invoice.
 */
export class PostgresSubmissionSchedule implements SubmissionSchedule {
  private readonly db: AdapterPool;

  constructor(pool: pg.Pool) {
    this.db = new AdapterPool(pool, { name: 'the submission schedule' });
  }

  async schedule(invoiceId: string, tenantId: string, dueAt: Date, holder?: string): Promise<boolean> {
    if (holder !== undefined) return this.changed(HELD_SCHEDULE, [invoiceId, dueAt, holder]);
    await this.db.query(UPSERT, [invoiceId, tenantId, dueAt, null]);
    return true;
  }

  async markSending(
    invoiceId: string,
    tenantId: string,
    attempt: number,
    leaseUntil: Date,
    holder?: string,
  ): Promise<boolean> {
    if (holder !== undefined) return this.changed(HELD_SENDING, [invoiceId, leaseUntil, attempt, holder]);
    await this.db.query(UPSERT, [invoiceId, tenantId, leaseUntil, attempt]);
    return true;
  }

  async defer(invoiceId: string, tenantId: string, dueAt: Date, holder?: string): Promise<boolean> {
    if (holder !== undefined) return this.changed(HELD_DEFER, [invoiceId, dueAt, holder]);
    await this.db.query(
      `INSERT INTO submission_schedule (invoice_id, tenant_id, due_at, sending_attempt) VALUES ($1, $2, $3, NULL)
      ON CONFLICT (invoice_id) DO UPDATE SET due_at = excluded.due_at`,
      [invoiceId, tenantId, dueAt],
    );
    return true;
  }

  async acquire(
    invoiceId: string,
    tenantId: string,
    now: Date,
    claim: ScheduleClaim,
  ): Promise<ScheduleRow | undefined> {
    const { rows } = await this.db.query<Row>(TAKE, [invoiceId, tenantId, now, claim.owner, claim.until]);
    return rows[0] ? toRow(rows[0]) : undefined;
  }

  async get(invoiceId: string): Promise<ScheduleRow | undefined> {
    const { rows } = await this.db.query<Row>('SELECT * FROM submission_schedule WHERE invoice_id = $1', [invoiceId]);
    return rows[0] ? toRow(rows[0]) : undefined;
  }

  async remove(invoiceId: string, holder?: string): Promise<boolean> {
    return holder === undefined
      ? this.changed('DELETE FROM submission_schedule WHERE invoice_id = $1', [invoiceId])
      : this.changed(HELD_REMOVE, [invoiceId, holder]);
  }

  async due(now: Date, limit: number, claim?: ScheduleClaim): Promise<ScheduleRow[]> {
    if (!claim) {
      const { rows } = await this.db.query<Row>(
        `SELECT * FROM submission_schedule WHERE ${UNCLAIMED_DUE} ORDER BY due_at, invoice_id LIMIT $2`,
        [now, limit],
      );
      return rows.map(toRow);
    }
    const { rows } = await this.db.query<Row>(CLAIM, [now, limit, claim.owner, claim.until]);
    return rows.map(toRow).sort(byDueThenId); // RETURNING keeps no order
  }

  async release(invoiceId: string, owner: string): Promise<void> {
    await this.db.query(RELEASE, [invoiceId, owner]);
  }

  /** Every instance writes the shared table and a freed slot nudges only its own: a nudged sweep always looks. */
  nothingDueAt(): boolean {
    return false;
  }

  private async changed(sql: string | Statement, values: unknown[]): Promise<boolean> {
    return ((await this.db.query(sql, values)).rowCount ?? 0) > 0;
  }

  async close(): Promise<void> {
    this.db.close();
  }
}
