/**
 * The Colombian date of an instant, for the issue-date rules (reference §7.4); remembered per day, since formatting
 * costs more than the rules.
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
