// Dates for the RADIAN tests: a receipt of goods (032) whose three Colombian business days cross a holiday, far
// enough in the past that its tacit acceptance (034), signed now, passes DIAN's DC24e.
import {
  addColombianBusinessDays,
  colombiaDateTime,
  colombianHolidays,
  isColombianBusinessDay,
  tacitAcceptanceAvailableFrom,
} from '@fe/dian-domain';

const DAY = 86_400_000;
const dayOf = (iso: string) => Date.parse(`${iso}T12:00:00Z`);
const isoOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export type ReceiptAcrossHoliday = {
  /** The business day the buyer received the goods (032). */
  receipt: string;
  /** The holiday inside the three business days after it. */
  holiday: string;
  /** The third business day after the receipt: the last one a claim or an express acceptance may come. */
  lastDayToAnswer: string;
  /** The first day a 034 may be issued (tacitAcceptanceAvailableFrom). */
  tacitFrom: string;
};

/** The latest such receipt whose tacit acceptance is possible by `now`'s Colombian date. */
export function receiptAcrossHoliday(now = new Date()): ReceiptAcrossHoliday {
  const today = colombiaDateTime(now).date;
  for (let back = 4; back < 400; back++) {
    const receipt = isoOf(dayOf(today) - back * DAY);
    if (!isColombianBusinessDay(receipt)) continue;
    const tacitFrom = tacitAcceptanceAvailableFrom(receipt);
    if (tacitFrom > today) continue;
    const lastDayToAnswer = addColombianBusinessDays(receipt, 3);
    const year = Number(receipt.slice(0, 4));
    // A weekday holiday: one that moves the deadline (a Sunday one would not).
    const holiday = [...colombianHolidays(year), ...colombianHolidays(year + 1)].find(
      (h) => h > receipt && h < lastDayToAnswer && new Date(dayOf(h)).getUTCDay() % 6 !== 0,
    );
    if (holiday) return { receipt, holiday, lastDayToAnswer, tacitFrom };
  }
  throw new Error('no receipt across a holiday in the last 400 days');
}
