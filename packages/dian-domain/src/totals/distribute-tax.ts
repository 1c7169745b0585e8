import { roundHalfUp, type Decimal } from '../money/decimal.ts';

/**
 * One tax at one rate: the subtotal rounded half-up once, shared by largest remainder, because summed per-line
 * roundings drift outside DIAN's FAS07 tolerance (docs/dian-domain.md, "Tax rounding").
 */
export function distributeTax(bases: readonly bigint[], rate: Decimal): { amount: bigint; shares: bigint[] } {
  // A line's exact tax in cents is base × rate.units / 10^(rate.scale + 2).
  const scale = rate.scale + 2;
  const divisor = 10n ** BigInt(scale);
  const exact = bases.map((base) => base * rate.units);
  const amount = roundHalfUp({ units: exact.reduce((sum, x) => sum + x, 0n), scale }, 0);
  const shares = exact.map((x) => x / divisor);
  // 0 ≤ missing ≤ the number of lines with a remainder, since amount lies between Σ floors and Σ ceilings.
  let missing = amount - shares.reduce((sum, x) => sum + x, 0n);
  const byRemainder = exact
    .map((x, index) => ({ index, remainder: x % divisor }))
    .sort((a, b) => (a.remainder === b.remainder ? a.index - b.index : a.remainder > b.remainder ? -1 : 1));
  for (const { index } of byRemainder) {
    if (missing === 0n) break;
    shares[index]! += 1n;
    missing -= 1n;
  }
  return { amount, shares };
}
