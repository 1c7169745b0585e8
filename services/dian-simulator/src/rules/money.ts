import { detached } from '../xml/light-xml.ts';

/**
 * Amounts as DIAN compares them: exact decimals in cents (bigint), never binary floats. The
 * simulator has its own few lines here instead of the product's decimal module, so a bug there
 * cannot hide itself by agreeing with its own checker.
 */
const AMOUNT = /^(-)?(\d+)(?:\.(\d{1,6}))?$/;

/** Cents, rounded half-up from up to 6 decimals; undefined when the text is not a decimal. */
export function cents(text: string | undefined): bigint | undefined {
  if (text === undefined) return undefined;
  // The same few amounts and rates come back many times per document (and across documents).
  if (memo.has(text)) return memo.get(text);
  if (memo.size >= 10_000) memo.clear();
  const value = parseCents(text);
  memo.set(detached(text), value);
  return value;
}
const memo = new Map<string, bigint | undefined>();

function parseCents(text: string): bigint | undefined {
  const match = AMOUNT.exec(text);
  if (!match) return undefined;
  const decimals = (match[3] ?? '').padEnd(6, '0');
  const micros = BigInt(match[2]!) * 1_000_000n + BigInt(decimals);
  const rounded = (micros + 5_000n) / 10_000n;
  return match[1] ? -rounded : rounded;
}

/** Exactly two decimals, as the CUFE and DIAN's arithmetic rules expect. */
export const isTwoDecimals = (text: string | undefined) => text !== undefined && /^\d+\.\d{2}$/.test(text);

/** amount × percent / 100, in cents, rounded half-up (percent with up to 2 decimals). */
export function percentOf(baseCents: bigint, percent: string): bigint | undefined {
  const p = cents(percent); // percent in hundredths
  if (p === undefined) return undefined;
  const product = baseCents * p; // cents × hundredths of a percent = 10⁻⁴ cents × 100
  return (product + 5_000n) / 10_000n;
}

export const sum = (values: readonly bigint[]) => values.reduce((a, b) => a + b, 0n);
