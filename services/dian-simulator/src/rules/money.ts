import { detached } from '../xml/light-xml.ts';

/**
 * Amounts in bigint cents, with the simulator's own few lines rather than the product's decimal module, so a bug
 * there cannot hide by agreeing with its checker.
 */
const AMOUNT = /^(-)?(\d+)(?:\.(\d{1,6}))?$/;

/** Cents, rounded half-up from up to 6 decimals; undefined when the text is not a decimal. */
export function cents(text: string | undefined): bigint | undefined {
  if (text === undefined) return undefined;
  return memo(centsMemo, text, parseCents);
}

/** A rate as the rate table writes it ('19' and '19.000' → '19.00'); undefined when not a decimal. */
export function normalRate(percent: string | undefined): string | undefined {
  if (percent === undefined) return undefined;
  return memo(rateMemo, percent, (p) => {
    const c = cents(p);
    return c === undefined ? undefined : (Number(c) / 100).toFixed(2);
  });
}

// The same few amounts and rates come back many times per document (and across documents).
// Pure functions of the text; keyed by detached copies, bounded. null stands for "not a decimal".
const centsMemo = new Map<string, bigint | null>();
const rateMemo = new Map<string, string | null>();
function memo<T>(cache: Map<string, T | null>, text: string, compute: (text: string) => T | undefined): T | undefined {
  const known = cache.get(text);
  if (known !== undefined) return known ?? undefined;
  if (cache.size >= 10_000) cache.clear();
  const value = compute(text);
  cache.set(detached(text), value ?? null);
  return value;
}

function parseCents(text: string): bigint | undefined {
  const m = micros(text);
  if (m === undefined) return undefined;
  const rounded = ((m < 0n ? -m : m) + 5_000n) / 10_000n;
  return m < 0n ? -rounded : rounded;
}

/** The decimal in millionths, exactly; undefined when the text is not a decimal with up to 6 decimals. */
function micros(text: string): bigint | undefined {
  const match = AMOUNT.exec(text);
  if (!match) return undefined;
  const value = BigInt(match[2]!) * 1_000_000n + BigInt((match[3] ?? '').padEnd(6, '0'));
  return match[1] ? -value : value;
}

/** price × quantity in cents, rounded half-up (both with up to 6 decimals); undefined when either is not a decimal. */
export function productCents(price: string | undefined, quantity: string | undefined): bigint | undefined {
  const p = price === undefined ? undefined : micros(price);
  const q = quantity === undefined ? undefined : micros(quantity);
  if (p === undefined || q === undefined) return undefined;
  const product = p * q; // in 10⁻¹² units
  const magnitude = ((product < 0n ? -product : product) + 5_000_000_000n) / 10_000_000_000n;
  return product < 0n ? -magnitude : magnitude;
}

export const abs = (n: bigint) => (n < 0n ? -n : n);
/** Whether a decimal as written is negative (VLR01's test, and FAV04b's for quantities). */
export const negative = (decimal: string | undefined) =>
  decimal !== undefined && decimal.charCodeAt(0) === 0x2d; /* - */

/** Exactly two decimals, as the CUFE and DIAN's arithmetic rules expect. */
export const isTwoDecimals = (text: string | undefined) => text !== undefined && /^\d+\.\d{2}$/.test(text);

/**
 * base × percent / 100 in cents, rounded half-up, with the percent's every decimal (up to 6: ICA's and ReteICA's
 * 0.966 %); undefined when the percent is not a decimal.
 */
export function percentOf(baseCents: bigint, percent: string): bigint | undefined {
  const m = micros(percent); // the percent in millionths
  if (m === undefined || m < 0n || baseCents < 0n) return undefined;
  return (baseCents * m + 50_000_000n) / 100_000_000n;
}
