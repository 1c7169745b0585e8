import type { SubmissionSchedule } from './submission-schedule.ts';

/** The claim a run holds on an invoice's row: its fencing token, and the send marker the row had when taken. */
export type Held = { holder: string; sendingAttempt: number | undefined };

/** Thrown before a send whose run no longer holds the row's claim: another run has the invoice, nothing is sent. */
export class ClaimLostError extends Error {
  constructor(invoiceId: string) {
    super(`the schedule claim on ${invoiceId} was taken by another run`);
    this.name = 'ClaimLostError';
  }
}

/** The schedule as one run sees it: each write names the run's claim, so a run that lost it writes nothing. */
export function heldBy(schedule: SubmissionSchedule, holder: string): SubmissionSchedule {
  return {
    schedule: (invoiceId, tenantId, dueAt) => schedule.schedule(invoiceId, tenantId, dueAt, holder),
    markSending: (invoiceId, tenantId, attempt, leaseUntil) =>
      schedule.markSending(invoiceId, tenantId, attempt, leaseUntil, holder),
    defer: (invoiceId, tenantId, dueAt) => schedule.defer(invoiceId, tenantId, dueAt, holder),
    remove: (invoiceId) => schedule.remove(invoiceId, holder),
    get: (invoiceId) => schedule.get(invoiceId),
    acquire: (invoiceId, tenantId, now, claim) => schedule.acquire(invoiceId, tenantId, now, claim),
    due: (now, limit, claim) => schedule.due(now, limit, claim),
    release: (invoiceId, owner) => schedule.release(invoiceId, owner),
    nothingDueAt: (now) => schedule.nothingDueAt(now),
    close: () => schedule.close(),
  };
}
