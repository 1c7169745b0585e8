import { AdapterPool, statement, type Statement } from '@fe/platform-postgres';
import type pg from 'pg';
import type { EventCheckRow, EventCheckSchedule } from '../../event-checks/event-check-schedule.ts';
import type { ScheduleClaim } from '../../schedule/submission-schedule.ts';

type Row = { invoice_id: string; tenant_id: string; due_at: Date };
const toRow = (r: Row): EventCheckRow => ({ invoiceId: r.invoice_id, tenantId: r.tenant_id, dueAt: r.due_at });

const FOLLOW = statement(`INSERT INTO event_check_schedule (invoice_id, tenant_id, due_at) VALUES ($1, $2, $3)
  ON CONFLICT (invoice_id) DO NOTHING`);
// Without a holder (an operator, a test) a claim stays: its holder may be asking DIAN.
const UPSERT = `INSERT INTO event_check_schedule (invoice_id, tenant_id, due_at) VALUES ($1, $2, $3)
  ON CONFLICT (invoice_id) DO UPDATE SET tenant_id = excluded.tenant_id, due_at = excluded.due_at`;
const HELD_MOVE = statement(`UPDATE event_check_schedule SET due_at = $2, claimed_by = NULL, claimed_until = NULL
  WHERE invoice_id = $1 AND claimed_by = $3`);
// The conflict arm's WHERE sees the row's latest committed version: of two takers, the second finds it claimed.
const TAKE = statement(`INSERT INTO event_check_schedule (invoice_id, tenant_id, due_at, claimed_by, claimed_until)
  VALUES ($1, $2, $3, $4, $5)
  ON CONFLICT (invoice_id) DO UPDATE SET claimed_by = excluded.claimed_by, claimed_until = excluded.claimed_until
  WHERE event_check_schedule.claimed_until IS NULL OR event_check_schedule.claimed_until <= $3 RETURNING invoice_id, tenant_id, due_at`);
const HELD_REMOVE = statement('DELETE FROM event_check_schedule WHERE invoice_id = $1 AND claimed_by = $2');
const UNCLAIMED_DUE = 'due_at <= $1 AND (claimed_until IS NULL OR claimed_until <= $1)';
// SKIP LOCKED: a row another instance is claiming in this instant is left to it, not waited for.
const CLAIM = statement(`UPDATE event_check_schedule s SET claimed_by = $3, claimed_until = $4
  FROM (SELECT invoice_id FROM event_check_schedule WHERE ${UNCLAIMED_DUE} ORDER BY due_at, invoice_id LIMIT $2 FOR UPDATE SKIP LOCKED) c
  WHERE s.invoice_id = c.invoice_id RETURNING s.invoice_id, s.tenant_id, s.due_at`);

const byDueThenId = (a: EventCheckRow, b: EventCheckRow) =>
  a.dueAt.getTime() - b.dueAt.getTime() || (a.invoiceId < b.invoiceId ? -1 : a.invoiceId > b.invoiceId ? 1 : 0);

/** The event-check schedule on PostgreSQL (migration 003 of the set 'submitter'), shared by every instance. */
export class PostgresEventCheckSchedule implements EventCheckSchedule {
  private readonly db: AdapterPool;

  constructor(pool: pg.Pool) {
    this.db = new AdapterPool(pool, { name: 'the event-check schedule' });
  }

  async follow(invoiceId: string, tenantId: string, dueAt: Date): Promise<boolean> {
    return this.changed(FOLLOW, [invoiceId, tenantId, dueAt]);
  }

  async reschedule(invoiceId: string, tenantId: string, dueAt: Date, holder?: string): Promise<boolean> {
    if (holder !== undefined) return this.changed(HELD_MOVE, [invoiceId, dueAt, holder]);
    await this.db.query(UPSERT, [invoiceId, tenantId, dueAt]);
    return true;
  }

  async remove(invoiceId: string, holder?: string): Promise<boolean> {
    return holder === undefined
      ? this.changed('DELETE FROM event_check_schedule WHERE invoice_id = $1', [invoiceId])
      : this.changed(HELD_REMOVE, [invoiceId, holder]);
  }

  async get(invoiceId: string): Promise<EventCheckRow | undefined> {
    const { rows } = await this.db.query<Row>('SELECT * FROM event_check_schedule WHERE invoice_id = $1', [invoiceId]);
    return rows[0] ? toRow(rows[0]) : undefined;
  }

  async acquire(
    invoiceId: string,
    tenantId: string,
    now: Date,
    claim: ScheduleClaim,
  ): Promise<EventCheckRow | undefined> {
    const { rows } = await this.db.query<Row>(TAKE, [invoiceId, tenantId, now, claim.owner, claim.until]);
    return rows[0] ? toRow(rows[0]) : undefined;
  }

  async due(now: Date, limit: number, claim?: ScheduleClaim): Promise<EventCheckRow[]> {
    if (!claim) {
      const { rows } = await this.db.query<Row>(
        `SELECT * FROM event_check_schedule WHERE ${UNCLAIMED_DUE} ORDER BY due_at, invoice_id LIMIT $2`,
        [now, limit],
      );
      return rows.map(toRow);
    }
    const { rows } = await this.db.query<Row>(CLAIM, [now, limit, claim.owner, claim.until]);
    return rows.map(toRow).sort(byDueThenId); // RETURNING keeps no order
  }

  async release(invoiceId: string, owner: string): Promise<void> {
    await this.db.query(
      'UPDATE event_check_schedule SET claimed_by = NULL, claimed_until = NULL WHERE invoice_id = $1 AND claimed_by = $2',
      [invoiceId, owner],
    );
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
