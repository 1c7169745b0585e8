import { multiply, roundHalfUp, shiftLeft, type Decimal } from '../money/decimal.ts';

/**
 * Build rules version 1 (build-rules.ts), kept so that documents recorded with it rebuild with
 * their recorded CUFE: one tax at one rate, each line's tax its base × rate / 100 rounded
 * half-up on its own, the subtotal the sum of those roundings (the formula of computeLine before
 * distributeTax replaced it: that sum drifts up to half a cent per line from Σ bases × rate, FAS07).
 *
 *   perLineTaxV1([3n, 3n, 3n], parseDecimal('19')) // { amount: 3n, shares: [1n, 1n, 1n] }
 */
export function perLineTaxV1(bases: readonly bigint[], rate: Decimal): { amount: bigint; shares: bigint[] } {
  const shares = bases.map((base) => roundHalfUp(shiftLeft(multiply({ units: base, scale: 2 }, rate), 2), 2));
  return { amount: shares.reduce((sum, x) => sum + x, 0n), shares };
}
