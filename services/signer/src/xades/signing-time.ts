/**
 * xades:SigningTime in Colombian legal time (UTC-05:00 all year, no daylight saving), with
 * milliseconds: `2025-03-10T10:15:03.123-05:00`. Built from the same instant as cbc:IssueDate so
 * both carry the same date (DIAN rule FAD09e).
 */
export function colombiaSigningTime(at: Date): string {
  const local = new Date(at.getTime() - 5 * 60 * 60 * 1000);
  return `${local.toISOString().slice(0, 23)}-05:00`;
}
