/**
 * The submitter's durable to-do list, so retries neither hold a partition nor depend on redelivery. `markSending`
 * before SendBillSync makes a run after a crash reconcile instead of resend; `due` claims rows so two instances
 * never run one. The invoice's events stay the truth: a stale row only causes a run with nothing to do.
 */
export type ScheduleRow = { invoiceId: string; tenantId: string; dueAt: Date; sendingAttempt: number | undefined };

/** Who takes the rows `due` returns (an id per sweeper) and until when. */
export type ScheduleClaim = { owner: string; until: Date };

export interface SubmissionSchedule {
  /** Work for `invoiceId` is due at `dueAt`; clears a send marker. Every write ends a claim on the row. */
  schedule(invoiceId: string, tenantId: string, dueAt: Date): Promise<void>;
  /** A send of `attempt` starts now; if nothing is recorded by `leaseUntil`, the row falls due. */
  markSending(invoiceId: string, tenantId: string, attempt: number, leaseUntil: Date): Promise<void>;
  /**
   * Work is due at `dueAt`, keeping a send marker the row may hold (a deferred run, a run that failed); creates a
   * missing row.
   */
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
