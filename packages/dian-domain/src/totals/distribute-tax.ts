import { roundHalfUp, type Decimal } from '../money/decimal.ts';

/**
 * One tax at one rate over the bases (cents) of the lines that carry it: the subtotal is
 * Σ bases × rate / 100 rounded half-up once, and the lines share exactly that amount by largest
 * remainder. Each line starts from its exact tax rounded down; the cents still missing go one
 * each to the lines with the largest remainders (ties: the earlier line).
 *
 *   distributeTax([3n, 3n, 3n], parseDecimal('19')) // { amount: 2n, shares: [1n, 1n, 0n] } (exact: 0.57 × 3 = 1.71)
 *
 * Why (docs/dian-domain.md, "Tax rounding"): summing per-line roundings drifts up to half a cent
 * per line away from base × rate, and DIAN rejects a subtotal outside its tolerance (FAS07).
 * Here the subtotal is exact, and each line is within one cent of its own exact tax (FAX07).
 * Whenever the per-line half-up roundings already add up to the subtotal, these shares ARE those
 * roundings (the lines at or above half a cent are exactly the largest remainders); otherwise
 * the fewest possible lines move by one cent.
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
