/**
 * The submitter's durable to-do list, so retries neither hold a partition nor depend on redelivery. `markSending`
 * before SendBillSync makes a run after a crash reconcile instead of resend; a run holds the row's claim (`acquire`,
 * or `due` with a claim) and its writes name it, so a run whose claim lapsed and was taken writes nothing and sends
 * nothing (docs/choices.md, "One send per document"). The invoice's events stay the truth: a stale row only causes
 * a run with nothing to do.
 */
export type ScheduleRow = { invoiceId: string; tenantId: string; dueAt: Date; sendingAttempt: number | undefined };

/** Who takes rows and until when. `owner` is new for each taking: it is the fencing token the holder's writes name. */
export type ScheduleClaim = { owner: string; until: Date };

export interface SubmissionSchedule {
  /**
   * Work for `invoiceId` is due at `dueAt`; clears a send marker. With `holder`: only while it holds the row's claim
   * (the claim ends; false when it does not hold it, nothing written). Without: keeps a claim the row has.
   */
  schedule(invoiceId: string, tenantId: string, dueAt: Date, holder?: string): Promise<boolean>;
  /**
   * A send of `attempt` starts now; if nothing is recorded by `leaseUntil`, the row falls due. With `holder`, a
   * compare-and-set: only while it holds the row's claim, which then lasts until `leaseUntil`; false: do not send.
   */
  markSending(
    invoiceId: string,
    tenantId: string,
    attempt: number,
    leaseUntil: Date,
    holder?: string,
  ): Promise<boolean>;
  /**
   * Work is due at `dueAt`, keeping a send marker the row may hold (a deferred run, a run that failed); creates a
   * missing row unless `holder` is given (then as `schedule`: only its own claimed row, and the claim ends).
   */
  defer(invoiceId: string, tenantId: string, dueAt: Date, holder?: string): Promise<boolean>;
  get(invoiceId: string): Promise<ScheduleRow | undefined>;
  /** Forgets the invoice's row (with `holder`: only its own claimed row); false when nothing was removed. */
  remove(invoiceId: string, holder?: string): Promise<boolean>;
  /**
   * Claims the invoice's row for one run whatever its due time, creating it (due at `now`) when missing; the row
   * after the claim, or undefined when another claim on it lasts past `now` (another run holds it).
   */
  acquire(invoiceId: string, tenantId: string, now: Date, claim: ScheduleClaim): Promise<ScheduleRow | undefined>;
  /**
   * Rows due at `now` (dueAt ≤ now) and not claimed at `now`, oldest first (ties by invoice id), at
   * most `limit`; with `claim`, atomically claimed by it, so two claimers never get the same row.
   */
  due(now: Date, limit: number, claim?: ScheduleClaim): Promise<ScheduleRow[]>;
  /** Ends `owner`'s claim on the row (a row it took but did not run); another's claim stays. */
  release(invoiceId: string, owner: string): Promise<void>;
  /**
   * True when no row written through this instance can be due and unclaimed at `now`: a sweep nudged then would find
   * none of its rows (another instance's are found by that one's sweeps and by every interval's). False: not known.
   */
  nothingDueAt(now: Date): boolean;
  /** Releases the connection; what was written stays. Closing twice is harmless. */
  close(): Promise<void>;
}
