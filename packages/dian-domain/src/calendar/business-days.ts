/**
 * Colombian business days: Monday to Friday, not a national holiday. Dates are Colombian `YYYY-MM-DD`.
 */
import { colombianHolidays } from './colombia-holidays.ts';
import { isoDay, parseIsoDay, weekdayOf, yearOf } from './iso-day.ts';

const holidaysByYear = new Map<number, ReadonlySet<string>>(); // a memo: the same answer every time

function isBusinessDay(day: number): boolean {
  const year = yearOf(day);
  let holidays = holidaysByYear.get(year);
  if (!holidays) {
    holidays = new Set(colombianHolidays(year)); // a RangeError outside the years the law covers
    holidaysByYear.set(year, holidays);
  }
  const weekday = weekdayOf(day);
  return weekday !== 0 && weekday !== 6 && !holidays.has(isoDay(day));
}

export function isColombianBusinessDay(isoDate: string): boolean {
  return isBusinessDay(parseIsoDay(isoDate));
}

/** The n-th business day after `isoDate` (not counted itself); n = 0 is `isoDate`. */
export function addColombianBusinessDays(isoDate: string, n: number): string {
  if (!Number.isSafeInteger(n) || n < 0) throw new RangeError(`business days to add: a whole number ≥ 0, not ${n}`);
  let day = parseIsoDay(isoDate);
  let left = n;
  while (left > 0) {
    day += 1;
    if (isBusinessDay(day)) left -= 1;
  }
  return isoDay(day);
}

/** Business days after `from` up to and including `to`; negative when `to` is earlier, so counts add up. */
export function colombianBusinessDaysBetween(fromIsoDate: string, toIsoDate: string): number {
  const from = parseIsoDay(fromIsoDate);
  const to = parseIsoDay(toIsoDate);
  const [low, high, sign] = from <= to ? [from, to, 1] : [to, from, -1];
  let count = 0;
  for (let day = low + 1; day <= high; day++) if (isBusinessDay(day)) count += 1;
  return sign * count;
}

/**
 * The first Colombian date on which 034 (tacit acceptance) may be issued for goods received (032) on `receiptIsoDate`.
 * The receipt day is not counted (C. Co. art. 829); the buyer may claim through the third business day after it
 * (Decreto 1074 de 2015 art. 2.2.2.53.4), so 034 comes the next calendar day, never a day early (docs/choices.md).
 */
export function tacitAcceptanceAvailableFrom(receiptIsoDate: string): string {
  return isoDay(parseIsoDay(addColombianBusinessDays(receiptIsoDate, 3)) + 1);
}
