import { AdapterPool, migrationSet } from '@fe/platform-postgres';
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

// Every write ends a claim: the run wrote its outcome, and the row's due time says what is next.
const UPSERT = `INSERT INTO submission_schedule (invoice_id, tenant_id, due_at, sending_attempt) VALUES ($1, $2, $3, $4)
  ON CONFLICT (invoice_id) DO UPDATE SET tenant_id = excluded.tenant_id, due_at = excluded.due_at, sending_attempt = excluded.sending_attempt,
  claimed_by = NULL, claimed_until = NULL`;

const UNCLAIMED_DUE = 'due_at <= $1 AND (claimed_until IS NULL OR claimed_until <= $1)';

// SKIP LOCKED: a row another instance is claiming in this instant is left to it, not waited for;
// the WHERE is checked again on the row's latest version, so a claim committed meanwhile excludes it.
const CLAIM = `UPDATE submission_schedule s SET claimed_by = $3, claimed_until = $4
  FROM (SELECT invoice_id FROM submission_schedule WHERE ${UNCLAIMED_DUE} ORDER BY due_at, invoice_id LIMIT $2 FOR UPDATE SKIP LOCKED) c
  WHERE s.invoice_id = c.invoice_id RETURNING s.*`;

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

  async schedule(invoiceId: string, tenantId: string, dueAt: Date): Promise<void> {
    await this.db.query(UPSERT, [invoiceId, tenantId, dueAt, null]);
  }

  async markSending(invoiceId: string, tenantId: string, attempt: number, leaseUntil: Date): Promise<void> {
    await this.db.query(UPSERT, [invoiceId, tenantId, leaseUntil, attempt]);
  }

  async defer(invoiceId: string, tenantId: string, dueAt: Date): Promise<void> {
    await this.db.query(
      `INSERT INTO submission_schedule (invoice_id, tenant_id, due_at, sending_attempt) VALUES ($1, $2, $3, NULL)
      ON CONFLICT (invoice_id) DO UPDATE SET due_at = excluded.due_at, claimed_by = NULL, claimed_until = NULL`,
      [invoiceId, tenantId, dueAt],
    );
  }

  async get(invoiceId: string): Promise<ScheduleRow | undefined> {
    const { rows } = await this.db.query<Row>('SELECT * FROM submission_schedule WHERE invoice_id = $1', [invoiceId]);
    return rows[0] ? toRow(rows[0]) : undefined;
  }

  async remove(invoiceId: string): Promise<void> {
    await this.db.query('DELETE FROM submission_schedule WHERE invoice_id = $1', [invoiceId]);
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
    await this.db.query(
      'UPDATE submission_schedule SET claimed_by = NULL, claimed_until = NULL WHERE invoice_id = $1 AND claimed_by = $2',
      [invoiceId, owner],
    );
  }

  async close(): Promise<void> {
    this.db.close();
  }
}
