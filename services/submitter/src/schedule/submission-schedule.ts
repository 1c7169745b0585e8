/**
 * The submitter's durable to-do list: one row per invoice that has DIAN work left and nobody
 * working on it right now — a retry that is not due yet, an invoice whose tenant was at its cap —
 * and the marker of a send in flight. The sweeper runs rows that are due, so retries neither hold a
 * bus partition nor depend on the bus redelivering anything. Every method is async so that an
 * adapter on a server honours the same port as the embedded one (SQLite); the contract suite
 * (`submissionScheduleContract`, `@fe/submitter/testing`) states what each must do.
 *
 *   await schedule.schedule('inv-demo-SETP990000001', 'demo', new Date(Date.now() + 1_000));
 *   await schedule.due(new Date(), 100, { owner: 'sweeper-1', until: inTenSeconds }); // due rows, oldest first, at most 100, now claimed
 *   await schedule.get('inv-demo-SETP990000001') // { invoiceId, tenantId, dueAt, sendingAttempt: undefined }
 *
 * Times are Dates kept to the millisecond; `attempt` counts from 1. There are no defaults: a row
 * exists only once written, and one invoice has at most one row.
 *
 * `markSending` is written just before SendBillSync: if the process dies during the call, the row
 * (due when the call would have timed out) tells the next run that DIAN may have the document, and
 * it reconciles with GetStatus instead of sending again. The row is not the source of truth — the
 * invoice's events are — so a stale row only causes a run that decides there is nothing to do, and
 * a lost one is re-created when the bus redelivers the InvoiceSubmissionFailed that asked for it.
 *
 * Several submitter instances sweep one schedule, so `due` with a claim takes the rows it returns:
 * until the claim's `until`, or until a write to the row (the run's own outcome) or `release`, no
 * other `due` returns them. Without that two instances both ran one due row, and both could send it.
 * A claimer that dies holds its rows only until `until`.
 */
export type ScheduleRow = { invoiceId: string; tenantId: string; dueAt: Date; sendingAttempt: number | undefined };

/** Who takes the rows `due` returns (an id per sweeper) and until when. */
export type ScheduleClaim = { owner: string; until: Date };

export interface SubmissionSchedule {
  /** Work for `invoiceId` is due at `dueAt`; clears a send marker. Every write ends a claim on the row. */
  schedule(invoiceId: string, tenantId: string, dueAt: Date): Promise<void>;
  /** A send of `attempt` starts now; if nothing is recorded by `leaseUntil`, the row falls due. */
  markSending(invoiceId: string, tenantId: string, attempt: number, leaseUntil: Date): Promise<void>;
  /** Work is due at `dueAt`, keeping a send marker the row may hold (a deferred run, a run that failed); creates a missing row. */
  defer(invoiceId: string, tenantId: string, dueAt: Date): Promise<void>;
  get(invoiceId: string): Promise<ScheduleRow | undefined>;
  /** Forgets the invoice's row; nothing happens when there is none. */
  remove(invoiceId: string): Promise<void>;
  /**
   * Rows due at `now` (dueAt ≤ now) and not claimed at `now`, oldest first (ties by invoice id), at
   * most `limit`; with `claim`, atomically claimed by it, so two claimers never get the same row.
   */
  due(now: Date, limit: number, claim?: ScheduleClaim): Promise<ScheduleRow[]>;
  /** Ends `owner`'s claim on the row (a row it took but did not run); another's claim stays. */
  release(invoiceId: string, owner: string): Promise<void>;
  /** Releases the connection; what was written stays. Closing twice is harmless. */
  close(): Promise<void>;
}
