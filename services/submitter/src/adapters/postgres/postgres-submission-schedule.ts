import { AdapterPool, migrationSet } from '@fe/platform-postgres';
import type pg from 'pg';
import type { ScheduleRow, SubmissionSchedule } from '../../schedule/submission-schedule.ts';

/** The tables of this adapter (migrations/), applied by the shared migrator under the set 'submitter'. */
export const submissionScheduleMigrations = () => migrationSet('submitter', new URL('./migrations/', import.meta.url));

type Row = { invoice_id: string; tenant_id: string; due_at: Date; sending_attempt: number | null };
const toRow = (r: Row): ScheduleRow => ({ invoiceId: r.invoice_id, tenantId: r.tenant_id, dueAt: r.due_at, sendingAttempt: r.sending_attempt ?? undefined });

const UPSERT = `INSERT INTO submission_schedule (invoice_id, tenant_id, due_at, sending_attempt) VALUES ($1, $2, $3, $4)
  ON CONFLICT (invoice_id) DO UPDATE SET tenant_id = excluded.tenant_id, due_at = excluded.due_at, sending_attempt = excluded.sending_attempt`;

/**
 * The submission schedule on PostgreSQL (migrations/001_submission_schedule.sql), shared by every
 * submitter instance of the deployment (submission-schedule.ts says what a row means).
 *
 *   await migrate(pool, { schema: 'fe', ...submissionScheduleMigrations() });
 *   const schedule = new PostgresSubmissionSchedule(pool);  // close() stops it; the pool is the caller's
 *
 * Every write is one statement (an upsert or a delete), atomic on its own; `due` is a plain read,
 * as the port states: it claims nothing, so two instances sweeping at once may both see a row.
 * Neither blocks the other (no row locks are taken), and a run that finds the invoice already
 * handled decides there is nothing to do; a send both made is answered by DIAN with rule 90 and
 * reconciled (docs/dian-web-service.md). Failures of the server are the platform's retriable
 * STORE_UNAVAILABLE: the sweeper logs them and keeps the row.
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
    await this.db.query(`INSERT INTO submission_schedule (invoice_id, tenant_id, due_at, sending_attempt) VALUES ($1, $2, $3, NULL)
      ON CONFLICT (invoice_id) DO UPDATE SET due_at = excluded.due_at`, [invoiceId, tenantId, dueAt]);
  }

  async get(invoiceId: string): Promise<ScheduleRow | undefined> {
    const { rows } = await this.db.query<Row>('SELECT * FROM submission_schedule WHERE invoice_id = $1', [invoiceId]);
    return rows[0] ? toRow(rows[0]) : undefined;
  }

  async remove(invoiceId: string): Promise<void> {
    await this.db.query('DELETE FROM submission_schedule WHERE invoice_id = $1', [invoiceId]);
  }

  async due(now: Date, limit: number): Promise<ScheduleRow[]> {
    const { rows } = await this.db.query<Row>('SELECT * FROM submission_schedule WHERE due_at <= $1 ORDER BY due_at, invoice_id LIMIT $2', [now, limit]);
    return rows.map(toRow);
  }

  async close(): Promise<void> {
    this.db.close();
  }
}
