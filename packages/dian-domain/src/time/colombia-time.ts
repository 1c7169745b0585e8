/**
 * Colombia keeps UTC−05:00 all year (no daylight saving), so the issue date and time are the
 * instant shifted by five hours. cbc:IssueTime has seconds; xades:SigningTime keeps milliseconds
(`isoMillis`), and both come from here so they always carry the same date (rule FAD09e).
 *
 *   colombiaDateTime(new Date('2025-03-10T15:15:00.5Z'))
 *   // { date: '2025-03-10', time: '10:15:00-05:00', iso: '2025-03-10T10:15:00-05:00', isoMillis: '2025-03-10T10:15:00.500-05:00' }
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
