/**
 * Plain `YYYY-MM-DD` calendar dates as day numbers (days since 1970-01-01). A date has no zone here: callers pass
 * Colombian dates (colombiaDateTime(...).date), and UTC arithmetic only counts days.
 */
const DAY_MS = 86_400_000;

export function dayOf(year: number, month: number, day: number): number {
  return Date.UTC(year, month - 1, day) / DAY_MS;
}

export function parseIsoDay(isoDate: string): number {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate);
  const day = match ? dayOf(Number(match[1]), Number(match[2]), Number(match[3])) : Number.NaN;
  // Date.UTC rolls 2025-02-30 over to March: the round trip refuses it.
  if (Number.isNaN(day) || isoDay(day) !== isoDate) throw new RangeError(`not a YYYY-MM-DD date: ${isoDate}`);
  return day;
}

export function isoDay(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

export function yearOf(day: number): number {
  return new Date(day * DAY_MS).getUTCFullYear();
}

/** 0 = Sunday … 6 = Saturday. */
export function weekdayOf(day: number): number {
  return new Date(day * DAY_MS).getUTCDay();
}
