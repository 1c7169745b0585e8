import { colombiaDateTime } from '@fe/dian-domain/primitives';

/**
 * Numbers and dates the way a Colombian reader expects them: '.' groups thousands, ',' marks
 * decimals, dates day/month/year. Everything works on the XML's decimal texts, never on floats.
 */
/** '1234567' → '1.234.567' (a loop: the lookahead regex was a tenth of drawing a table row). */
function group(digits: string): string {
  let out = digits.slice(0, ((digits.length - 1) % 3) + 1);
  for (let i = out.length; i < digits.length; i += 3) out += `.${digits.slice(i, i + 3)}`;
  return out;
}

function splitDecimal(text: string): [string, string] {
  const match = /^(\d+)(?:\.(\d+))?$/.exec(text);
  if (!match) throw new RangeError(`not a non-negative decimal: ${text}`);
  return [match[1]!, match[2] ?? ''];
}

/** '518001.6' → '518.001,60': money always with 2 decimals. */
export function formatMoney(text: string): string {
  const [int, frac] = splitDecimal(text);
  return `${group(int)},${frac.padEnd(2, '0').slice(0, 2)}`;
}

/** '2.000000' → '2', '1.500' → '1,5': quantities and prices without trailing zeros… */
export function formatNumber(text: string, minDecimals = 0): string {
  const [int, frac] = splitDecimal(text);
  let cut = frac;
  while (cut.length > minDecimals && cut.endsWith('0')) cut = cut.slice(0, -1);
  return cut ? `${group(int)},${cut.padEnd(minDecimals, '0')}` : group(int);
}

/** …but a unit price keeps its cents: '25000.50' → '25.000,50', '2130.123456' → '2.130,123456'. */
export const formatPrice = (text: string): string => formatNumber(text, 2);

export const formatRate = (text: string): string => `${formatNumber(text)} %`;

/** The units a per-unit tax is counted in, as a reader says them. */
const unitWords: Record<string, string> = { '94': 'und', MLT: 'ml', GLL: 'gal', LTR: 'l', KGM: 'kg' };

/** A tax's rate as printed: '19 %', or a per-unit tax's '66,00 × 3 und' (PerUnitAmount × BaseUnitMeasure). */
export function formatTaxRate(tax: { rate: string; perUnit?: { amount: string; measure: string; unitCode: string } }) {
  if (!tax.perUnit) return formatRate(tax.rate);
  const { amount, measure, unitCode } = tax.perUnit;
  return `${formatMoney(amount)} × ${formatNumber(measure)} ${unitWords[unitCode] ?? unitCode}`;
}

/** '900123456', '8' → '900.123.456-8'. */
export const formatNit = (nit: string, dv?: string): string =>
  (/^\d+$/.test(nit) ? group(nit) : nit) + (dv !== undefined ? `-${dv}` : '');

/** '2025-03-10' → '10/03/2025'. */
export function formatDate(iso: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  return match ? `${match[3]}/${match[2]}/${match[1]}` : iso;
}

/** '10:15:00-05:00' → '10:15:00 (UTC-05:00)'. */
export function formatTime(time: string): string {
  const match = /^(\d{2}:\d{2}:\d{2})(?:\.\d+)?([+-]\d{2}:\d{2}|Z)?$/.exec(time);
  if (!match) return time;
  return match[2] ? `${match[1]} (UTC${match[2] === 'Z' ? '' : match[2]})` : match[1]!;
}

/** An ISO instant shown in Colombian time: '2025-03-10T15:15:04Z' → '10/03/2025 10:15:04 (UTC-05:00)'. */
export function formatInstant(iso: string): string {
  const instant = new Date(iso);
  if (Number.isNaN(instant.getTime())) return iso;
  const local = colombiaDateTime(instant);
  return `${formatDate(local.date)} ${formatTime(local.time)}`;
}
