/**
 * When the seller next asks DIAN for an invoice's events: often while a buyer usually answers, rarely after, never
 * once the answer is final or the invoice is old. Pure: the caller passes the instants.
 */
/** Asks stop after this age: an invoice paid on delivery may never get an event. */
export const FOLLOW_HORIZON_DAYS = 90;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const steps: readonly { until: number; every: number }[] = [
  { until: DAY, every: HOUR / 4 },
  { until: 7 * DAY, every: HOUR },
  { until: 30 * DAY, every: 6 * HOUR },
  { until: FOLLOW_HORIZON_DAYS * DAY, every: DAY },
];

/** The next time to ask, or undefined when following has ended. `acceptedAt` is DIAN's verdict. */
export function nextEventCheck(acceptedAt: Date, lastAskedAt: Date, final: boolean): Date | undefined {
  if (final) return undefined;
  const age = lastAskedAt.getTime() - acceptedAt.getTime();
  const step = steps.find((s) => age < s.until);
  if (!step) return undefined;
  return new Date(lastAskedAt.getTime() + step.every);
}
