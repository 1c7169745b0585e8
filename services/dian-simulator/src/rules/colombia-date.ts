/**
 * The Colombian calendar date (UTC−05:00 all year, no daylight saving) of an instant, YYYY-MM-DD:
 * the dates the issue-date rules compare (reference §7.4). Remembered per day: a request asks for
 * the same three or four days as the one before it, and formatting a date costs more than the rules.
 */
const DAY_MS = 86_400_000;
const OFFSET_MS = 5 * 3_600_000;
const days = new Map<number, string>();

export function colombiaDate(instantMs: number): string {
  if (Number.isNaN(instantMs)) throw new RangeError('invalid instant');
  const day = Math.floor((instantMs - OFFSET_MS) / DAY_MS);
  let date = days.get(day);
  if (date === undefined) {
    if (days.size >= 1000) days.clear();
    days.set(day, (date = new Date(day * DAY_MS).toISOString().slice(0, 10)));
  }
  return date;
}
