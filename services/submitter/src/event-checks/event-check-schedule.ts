import type { ScheduleClaim } from '../schedule/submission-schedule.ts';

/**
 * When to ask DIAN next for an accepted invoice's RADIAN events (docs/radian.md): one row per followed invoice. A
 * run holds the row's claim and its writes name it, as in the submission schedule; the stream stays the truth.
 *
 *   await checks.follow(invoiceId, tenantId, firstCheckAt);          // the first check; a repeat changes nothing
 *   const rows = await checks.due(now, 100, { owner, until });       // claimed for one sweep
 *   await checks.reschedule(invoiceId, tenantId, nextAt, owner);     // or remove(invoiceId, owner): the end
 */
export type EventCheckRow = { invoiceId: string; tenantId: string; dueAt: Date };

export interface EventCheckSchedule {
  /** Starts following: a row due at `dueAt`, unless the invoice has one (then nothing changes). True when created. */
  follow(invoiceId: string, tenantId: string, dueAt: Date): Promise<boolean>;
  /**
   * The next check is at `dueAt`. With `holder`: only while it holds the row's claim, which ends (false, nothing
   * written, when it does not); without: creates or moves the row, keeping a claim it has.
   */
  reschedule(invoiceId: string, tenantId: string, dueAt: Date, holder?: string): Promise<boolean>;
  /** Stops following (with `holder`: only its own claimed row); false when nothing was removed. */
  remove(invoiceId: string, holder?: string): Promise<boolean>;
  get(invoiceId: string): Promise<EventCheckRow | undefined>;
  /**
   * Claims the invoice's row whatever its due time, creating it (due at `now`) when missing; undefined when another
   * claim on it lasts past `now`.
   */
  acquire(invoiceId: string, tenantId: string, now: Date, claim: ScheduleClaim): Promise<EventCheckRow | undefined>;
  /** Rows due at `now` and unclaimed, oldest first (ties by invoice id), at most `limit`; with `claim`, claimed. */
  due(now: Date, limit: number, claim?: ScheduleClaim): Promise<EventCheckRow[]>;
  /** Ends `owner`'s claim on the row; another's claim stays. */
  release(invoiceId: string, owner: string): Promise<void>;
  /**
   * True when no row written through this instance can be due and unclaimed at `now`: a sweep nudged then would find
   * none of its rows (another instance's are found by that one's sweeps and by every interval's). False: not known.
   */
  nothingDueAt(now: Date): boolean;
  /** Releases the connection; what was written stays. Closing twice is harmless. */
  close(): Promise<void>;
}
