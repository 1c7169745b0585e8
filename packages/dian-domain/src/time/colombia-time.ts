/**
 * Colombia keeps UTC−05:00 all year. IssueTime and SigningTime both come from here so they always carry the same
 * date (rule FAD09e).
 */
export type ColombiaDateTime = { date: string; time: string; iso: string; isoMillis: string };

const OFFSET_MS = 5 * 60 * 60 * 1000;

export function colombiaDateTime(instant: Date): ColombiaDateTime {
  if (Number.isNaN(instant.getTime())) throw new RangeError('invalid instant');
  const shifted = new Date(instant.getTime() - OFFSET_MS).toISOString(); // 2025-03-10T10:15:00.000Z
  const date = shifted.slice(0, 10);
  const clock = shifted.slice(11, 19);
  return { date, time: `${clock}-05:00`, iso: `${date}T${clock}-05:00`, isoMillis: `${shifted.slice(0, 23)}-05:00` };
}
