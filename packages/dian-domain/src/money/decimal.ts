/**
 * Exact decimal arithmetic on BigInt, so no binary floating point ever touches an amount; money is bigint cents.
 *
 *   formatUnits(roundHalfUp(multiply(parseDecimal('2.5'), parseDecimal('1999.99')), 2), 2) === '4999.98'
 */
export type Decimal = { readonly units: bigint; readonly scale: number };

export function parseDecimal(text: string): Decimal {
  const match = /^(\d+)(?:\.(\d+))?$/.exec(text);
  if (!match) throw new RangeError(`not a non-negative decimal: ${text}`);
  const fraction = match[2] ?? '';
  return { units: BigInt(match[1]! + fraction), scale: fraction.length };
}

/**
 * The decimal text of a JSON number or string. The schema refused numbers past 15 significant digits, so
 * `String(n)` is exactly the literal the client wrote.
 */
export function decimalText(value: number | string): string {
  if (typeof value === 'string') return value;
  const text = String(value);
  if (!/^\d+(\.\d+)?$/.test(text)) throw new RangeError(`not representable as an exact decimal: ${text}`);
  return text;
}

export function multiply(a: Decimal, b: Decimal): Decimal {
  return { units: a.units * b.units, scale: a.scale + b.scale };
}

/** Divides by 10^places without rounding (exact: only the scale changes). */
export function shiftLeft(d: Decimal, places: number): Decimal {
  return { units: d.units, scale: d.scale + places };
}

/** Rounds a non-negative decimal half-up (0.005 → 0.01) to `scale` places; returns its units. */
export function roundHalfUp(d: Decimal, scale: number): bigint {
  if (d.units < 0n) throw new RangeError('amounts are never negative');
  if (d.scale <= scale) return d.units * 10n ** BigInt(scale - d.scale);
  const divisor = 10n ** BigInt(d.scale - scale);
  return (d.units * 2n + divisor) / (divisor * 2n);
}

/** Units at `scale` as text with exactly `scale` decimals: formatUnits(5n, 2) === '0.05'. */
export function formatUnits(units: bigint, scale: number): string {
  if (units < 0n) throw new RangeError('amounts are never negative');
  const digits = units.toString().padStart(scale + 1, '0');
  return scale === 0 ? digits : `${digits.slice(0, -scale)}.${digits.slice(-scale)}`;
}

/** A decimal written with at least `min` and at most its own number of decimals (trailing zeros cut down to `min`). */
export function formatDecimal(d: Decimal, min: number): string {
  const full = formatUnits(d.units, d.scale);
  if (d.scale <= min) return formatUnits(d.units * 10n ** BigInt(min - d.scale), min);
  const [int, frac = ''] = full.split('.');
  let cut = frac;
  while (cut.length > min && cut.endsWith('0')) cut = cut.slice(0, -1);
  return cut.length ? `${int}.${cut}` : int!;
}

export function compareDecimal(a: Decimal, b: Decimal): number {
  const scale = Math.max(a.scale, b.scale);
  const x = a.units * 10n ** BigInt(scale - a.scale);
  const y = b.units * 10n ** BigInt(scale - b.scale);
  return x < y ? -1 : x > y ? 1 : 0;
}

/** Cents as the 2-decimal text every amount in the XML and the CUFE uses. */
export const money = (cents: bigint): string => formatUnits(cents, 2);
