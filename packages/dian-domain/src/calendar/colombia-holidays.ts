/**
 * Colombia's national holidays: the fixed ones, Holy Thursday and Good Friday, and those Ley 51 de 1983 ("Ley
 * Emiliani") moves to the following Monday when they do not fall on one.
 */
import { dayOf, isoDay, weekdayOf } from './iso-day.ts';

const FIRST_YEAR = 1984; // the first whole year under Ley 51 de 1983
const LAST_YEAR = 2199;

const FIXED: readonly (readonly [month: number, day: number])[] = [
  [1, 1],
  [5, 1],
  [7, 20],
  [8, 7],
  [12, 8],
  [12, 25],
];
const MOVED_TO_MONDAY: readonly (readonly [month: number, day: number])[] = [
  [1, 6], // Reyes
  [3, 19], // San José
  [6, 29], // San Pedro y San Pablo
  [8, 15], // Asunción
  [10, 12], // Día de la Raza
  [11, 1], // Todos los Santos
  [11, 11], // Independencia de Cartagena
];
// Holy Thursday, Good Friday, then Ascensión (+39), Corpus Christi (+60), Sagrado Corazón (+68) on their Mondays.
const FROM_EASTER = [-3, -2, 43, 64, 71] as const;

/** Easter Sunday's day number: the anonymous Gregorian algorithm (Meeus, "Astronomical Algorithms", ch. 8). */
function easterDay(year: number): number {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return dayOf(year, month, day);
}

export function easterSunday(year: number): string {
  return isoDay(easterDay(year));
}

function nextMonday(day: number): number {
  return day + ((8 - weekdayOf(day)) % 7);
}

/** Distinct dates, sorted: two holidays on one Monday (Sagrado Corazón and San Pedro in 2025) are one date. */
export function colombianHolidays(year: number): string[] {
  if (!Number.isInteger(year) || year < FIRST_YEAR || year > LAST_YEAR) {
    throw new RangeError(`Colombian holidays are known for ${FIRST_YEAR}-${LAST_YEAR}, not ${year}`);
  }
  const easter = easterDay(year);
  const days = new Set([
    ...FIXED.map(([month, day]) => dayOf(year, month, day)),
    ...MOVED_TO_MONDAY.map(([month, day]) => nextMonday(dayOf(year, month, day))),
    ...FROM_EASTER.map((offset) => easter + offset),
  ]);
  return [...days].sort((x, y) => x - y).map(isoDay);
}
