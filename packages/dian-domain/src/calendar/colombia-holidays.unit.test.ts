import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addColombianBusinessDays,
  colombianBusinessDaysBetween,
  isColombianBusinessDay,
  tacitAcceptanceAvailableFrom,
} from './business-days.ts';
import { colombianHolidays, easterSunday } from './colombia-holidays.ts';

// Published national holiday lists, 18 entries each (Palm and Easter Sunday dropped where a list names them: they
// are Sundays, no holiday of Ley 51). 2025's has 30 June twice: Sagrado Corazón and San Pedro y San Pablo.
const PUBLISHED: Record<number, string> = {
  // https://canal1.com.co/entretenimiento/ideas-utiles/calendario-dias-festivos-en-colombia-ano-2020
  // (Navidad, cut off there: https://calendario-365.com.co/dias-festivos/2020.html)
  2020: '01-01 01-06 03-23 04-09 04-10 05-01 05-25 06-15 06-22 06-29 07-20 08-07 08-17 10-12 11-02 11-16 12-08 12-25',
  // https://noticiascaracol.com/colombia/calendario-colombia-2023-cuales-son-los-dias-festivos-y-celebraciones-del-ano-so35
  2023: '01-01 01-09 03-20 04-06 04-07 05-01 05-22 06-12 06-19 07-03 07-20 08-07 08-21 10-16 11-06 11-13 12-08 12-25',
  // https://noticias24colombia.com/calendario-de-colombia-2024-asi-quedan-los-festivos-del-ano-para-que-te-programes
  2024: '01-01 01-08 03-25 03-28 03-29 05-01 05-13 06-03 06-10 07-01 07-20 08-07 08-19 10-14 11-04 11-11 12-08 12-25',
  // https://www.festivos.com.co/2025 (the same in https://publicholidays.co/es/2025-dates/)
  2025: '01-01 01-06 03-24 04-17 04-18 05-01 06-02 06-23 06-30 06-30 07-20 08-07 08-18 10-13 11-03 11-17 12-08 12-25',
  // https://www.publimetro.co/noticias/2025/11/05/el-2026-nos-esta-respirando-en-la-nuca-estos-son-los-ultimos-festivos-que-quedan-en-el-ano/
  2026: '01-01 01-12 03-23 04-02 04-03 05-01 05-18 06-08 06-15 06-29 07-20 08-07 08-17 10-12 11-02 11-16 12-08 12-25',
  // http://public-holidays.us/CO_PD_2031_standard
  2031: '01-01 01-06 03-24 04-10 04-11 05-01 05-26 06-16 06-23 06-30 07-20 08-07 08-18 10-13 11-03 11-17 12-08 12-25',
};

// The first half of 2027, as far as https://elrinconcolombiano.com/calendario-de-colombia-de-2027 was read.
const PUBLISHED_2027_TO_JUNE = '01-01 01-11 03-22 03-25 03-26 05-01 05-10 05-31 06-07';

// Easter Sunday; 2008 is the earliest since 1913, 2038 the latest of this century.
const EASTER: Record<number, string> = {
  1984: '1984-04-22',
  2000: '2000-04-23',
  2008: '2008-03-23',
  2011: '2011-04-24',
  2019: '2019-04-21',
  2020: '2020-04-12',
  2024: '2024-03-31',
  2025: '2025-04-20',
  2026: '2026-04-05',
  2027: '2027-03-28',
  2038: '2038-04-25',
};

const FIRST_DAY = new Date('1984-01-01T00:00:00Z');
const LAST_DAY = new Date('2197-12-31T00:00:00Z'); // room for 400 business days before 2200
const anyDate = fc
  .date({ min: FIRST_DAY, max: LAST_DAY, noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10));
const dayBefore = (iso: string) => new Date(Date.parse(`${iso}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);

describe('colombianHolidays', () => {
  it.each(Object.keys(PUBLISHED).map(Number))('matches the published list of %i', (year) => {
    const published = PUBLISHED[year]!.split(' ').map((monthDay) => `${year}-${monthDay}`);
    expect(published).toHaveLength(18);
    expect(colombianHolidays(year)).toEqual([...new Set(published)]);
  });

  it('counts two holidays on one Monday once (2025: 17 dates for 18 holidays)', () => {
    expect(colombianHolidays(2025)).toHaveLength(17);
    expect(colombianHolidays(2024)).toHaveLength(18);
  });

  it('matches the first half of 2027 as published', () => {
    const published = PUBLISHED_2027_TO_JUNE.split(' ').map((monthDay) => `2027-${monthDay}`);
    expect(colombianHolidays(2027).filter((d) => d <= '2027-06-30')).toEqual(published);
  });

  it('computes Easter', () => {
    for (const [year, easter] of Object.entries(EASTER)) expect(easterSunday(Number(year))).toBe(easter);
  });

  it('is, in every year, a fixed date, Holy Thursday or Friday, or a Monday', () => {
    const fixed = ['01-01', '05-01', '07-20', '08-07', '12-08', '12-25'];
    for (let year = 1984; year <= 2199; year++) {
      const holidays = colombianHolidays(year);
      expect(holidays.length === 18 || holidays.length === 17).toBe(true);
      expect([...holidays].sort()).toEqual(holidays);
      const easter = Date.parse(`${easterSunday(year)}T00:00:00Z`);
      const holyWeek = [3, 2].map((n) => new Date(easter - n * 86_400_000).toISOString().slice(0, 10));
      for (const date of holidays) {
        expect(date.startsWith(`${year}-`)).toBe(true);
        const monday = new Date(`${date}T00:00:00Z`).getUTCDay() === 1;
        expect(fixed.includes(date.slice(5)) || holyWeek.includes(date) || monday, date).toBe(true);
      }
      expect(holidays).toEqual(expect.arrayContaining([...holyWeek, ...fixed.map((md) => `${year}-${md}`)]));
    }
  });

  it('refuses years outside Ley 51 de 1983 and the table', () => {
    for (const year of [1983, 2200, 2024.5, Number.NaN]) expect(() => colombianHolidays(year)).toThrow(RangeError);
  });
});

describe('Colombian business days', () => {
  it('knows weekends and holidays, Sunday holidays included', () => {
    expect(isColombianBusinessDay('2025-03-24')).toBe(false); // San José, moved to Monday
    expect(isColombianBusinessDay('2025-03-25')).toBe(true);
    expect(isColombianBusinessDay('2025-03-22')).toBe(false); // Saturday
    expect(isColombianBusinessDay('2025-07-20')).toBe(false); // a Sunday holiday
    expect(isColombianBusinessDay('2025-04-17')).toBe(false); // Holy Thursday
  });

  it('skips a Monday holiday (032 on Thursday 20 March 2025; San José on Monday 24)', () => {
    expect(addColombianBusinessDays('2025-03-20', 1)).toBe('2025-03-21');
    expect(addColombianBusinessDays('2025-03-20', 2)).toBe('2025-03-25');
    expect(addColombianBusinessDays('2025-03-20', 3)).toBe('2025-03-26');
    expect(colombianBusinessDaysBetween('2025-03-20', '2025-03-26')).toBe(3);
    expect(colombianBusinessDaysBetween('2025-03-26', '2025-03-20')).toBe(-3);
    expect(colombianBusinessDaysBetween('2025-03-20', '2025-03-20')).toBe(0);
    expect(addColombianBusinessDays('2025-03-22', 0)).toBe('2025-03-22');
  });

  it('skips Holy Week and the year end', () => {
    expect(addColombianBusinessDays('2025-04-15', 3)).toBe('2025-04-22');
    expect(addColombianBusinessDays('2025-12-23', 3)).toBe('2025-12-29');
    expect(addColombianBusinessDays('2025-12-29', 3)).toBe('2026-01-02');
    expect(colombianBusinessDaysBetween('2025-12-19', '2026-01-13')).toBe(14); // 25 Dec, 1 and 12 Jan
  });

  it('refuses malformed dates, bad counts and years outside the table', () => {
    for (const bad of ['2025-02-29', '2025-3-1', '2025-03-01T00:00:00Z', '']) {
      expect(() => isColombianBusinessDay(bad)).toThrow(RangeError);
    }
    expect(() => addColombianBusinessDays('2025-03-20', -1)).toThrow(RangeError);
    expect(() => addColombianBusinessDays('2025-03-20', 1.5)).toThrow(RangeError);
    expect(() => isColombianBusinessDay('1983-12-30')).toThrow(RangeError);
    expect(() => addColombianBusinessDays('2199-12-30', 5)).toThrow(RangeError);
  });

  it('adds n business days that count back to n, landing on a business day', () => {
    fc.assert(
      fc.property(anyDate, fc.integer({ min: 1, max: 400 }), (date, n) => {
        const later = addColombianBusinessDays(date, n);
        expect(later > date).toBe(true);
        expect(isColombianBusinessDay(later)).toBe(true);
        expect(colombianBusinessDaysBetween(date, later)).toBe(n);
        expect(colombianBusinessDaysBetween(date, dayBefore(later))).toBe(n - 1);
      }),
    );
  });

  it('counts additively in either direction', () => {
    fc.assert(
      fc.property(anyDate, fc.integer({ min: 0, max: 400 }), fc.integer({ min: 0, max: 400 }), (a, x, y) => {
        const b = addColombianBusinessDays(a, x);
        const c = addColombianBusinessDays(a, y);
        const between = colombianBusinessDaysBetween;
        expect(between(a, c)).toBe(between(a, b) + between(b, c));
        expect(between(b, c)).toBe(y - x);
      }),
    );
  });
});

describe('tacitAcceptanceAvailableFrom', () => {
  it('opens the day after the third business day after receipt', () => {
    expect(tacitAcceptanceAvailableFrom('2025-03-20')).toBe('2025-03-27'); // over San José
    expect(tacitAcceptanceAvailableFrom('2025-04-15')).toBe('2025-04-23'); // over Holy Week
    expect(tacitAcceptanceAvailableFrom('2025-03-22')).toBe('2025-03-28'); // received on a Saturday
    expect(tacitAcceptanceAvailableFrom('2025-06-27')).toBe('2025-07-04'); // over the double Monday
    expect(tacitAcceptanceAvailableFrom('2025-12-29')).toBe('2026-01-03'); // a Saturday: the term ended on Friday
  });

  it('leaves the buyer exactly three whole business days', () => {
    fc.assert(
      fc.property(anyDate, (receipt) => {
        const from = tacitAcceptanceAvailableFrom(receipt);
        const lastDayToClaim = dayBefore(from);
        expect(isColombianBusinessDay(lastDayToClaim)).toBe(true);
        expect(colombianBusinessDaysBetween(receipt, lastDayToClaim)).toBe(3);
        expect(colombianBusinessDaysBetween(receipt, dayBefore(lastDayToClaim))).toBe(2);
      }),
    );
  });
});
