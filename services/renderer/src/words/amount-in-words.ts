import { parseDecimal, roundHalfUp } from '@fe/dian-domain/primitives';

/**
 * The total in Spanish words, as Colombian invoices print it (long scale; 1 always apocopated before a noun).
 *
 *   amountInWords('518001.62') === 'QUINIENTOS DIECIOCHO MIL UN PESOS CON 62/100 M/CTE'
 */
const UNITS = [
  '',
  'UN',
  'DOS',
  'TRES',
  'CUATRO',
  'CINCO',
  'SEIS',
  'SIETE',
  'OCHO',
  'NUEVE',
  'DIEZ',
  'ONCE',
  'DOCE',
  'TRECE',
  'CATORCE',
  'QUINCE',
  'DIECISÉIS',
  'DIECISIETE',
  'DIECIOCHO',
  'DIECINUEVE',
  'VEINTE',
  'VEINTIÚN',
  'VEINTIDÓS',
  'VEINTITRÉS',
  'VEINTICUATRO',
  'VEINTICINCO',
  'VEINTISÉIS',
  'VEINTISIETE',
  'VEINTIOCHO',
  'VEINTINUEVE',
];
const TENS = ['', '', '', 'TREINTA', 'CUARENTA', 'CINCUENTA', 'SESENTA', 'SETENTA', 'OCHENTA', 'NOVENTA'];
const HUNDREDS = [
  '',
  'CIENTO',
  'DOSCIENTOS',
  'TRESCIENTOS',
  'CUATROCIENTOS',
  'QUINIENTOS',
  'SEISCIENTOS',
  'SETECIENTOS',
  'OCHOCIENTOS',
  'NOVECIENTOS',
];
const SCALES = [
  ['', ''],
  ['MILLÓN', 'MILLONES'],
  ['BILLÓN', 'BILLONES'],
  ['TRILLÓN', 'TRILLONES'],
] as const;

function below100(n: number): string {
  if (n < 30) return UNITS[n]!;
  const unit = n % 10;
  return unit ? `${TENS[Math.floor(n / 10)]} Y ${UNITS[unit]}` : TENS[n / 10]!;
}

function below1000(n: number): string {
  if (n === 100) return 'CIEN';
  const hundreds = HUNDREDS[Math.floor(n / 100)]!;
  const rest = n % 100 ? below100(n % 100) : '';
  return [hundreds, rest].filter(Boolean).join(' ');
}

/** 1 … 999 999. */
function belowMillion(n: number): string {
  const thousands = Math.floor(n / 1000);
  const rest = n % 1000;
  const head = thousands === 0 ? '' : thousands === 1 ? 'MIL' : `${below1000(thousands)} MIL`;
  return [head, rest ? below1000(rest) : ''].filter(Boolean).join(' ');
}

/** A whole number in words, apocopated (it always precedes a noun). */
export function integerInWords(value: bigint): string {
  if (value >= 10n ** 24n) throw new RangeError('amount too large to write in words');
  if (value === 0n) return 'CERO';
  const parts: string[] = [];
  for (let scale = SCALES.length - 1; scale >= 0; scale--) {
    const chunk = Number((value / 10n ** BigInt(6 * scale)) % 1_000_000n);
    if (chunk === 0) continue;
    const [singular, plural] = SCALES[scale]!;
    if (scale === 0) parts.push(belowMillion(chunk));
    else parts.push(chunk === 1 ? `UN ${singular}` : `${belowMillion(chunk)} ${plural}`);
  }
  return parts.join(' ');
}

/** The currencies named in words (singular, plural); any other is named by its ISO code. */
const CURRENCY_WORDS: Readonly<Record<string, readonly [string, string]>> = {
  COP: ['PESO', 'PESOS'],
  USD: ['DÓLAR ESTADOUNIDENSE', 'DÓLARES ESTADOUNIDENSES'],
  EUR: ['EURO', 'EUROS'],
};

/** The amount in words in its currency: pesos end in "M/CTE" (moneda corriente), another currency does not. */
export function amountInWords(amount: string, currencyCode = 'COP'): string {
  const cents = roundHalfUp(parseDecimal(amount), 2);
  const units = cents / 100n;
  const fraction = Number(cents % 100n);
  // "un millón de pesos": a round number of millions takes "de" before the currency.
  const of = units >= 1_000_000n && units % 1_000_000n === 0n ? ' DE' : '';
  const [singular, plural] = Object.hasOwn(CURRENCY_WORDS, currencyCode)
    ? CURRENCY_WORDS[currencyCode]!
    : [currencyCode, currencyCode];
  const currency = units === 1n ? singular : plural;
  const centsText = fraction ? ` CON ${String(fraction).padStart(2, '0')}/100` : '';
  return `${integerInWords(units)}${of} ${currency}${centsText}${currencyCode === 'COP' ? ' M/CTE' : ''}`;
}
