import { multiply, roundHalfUp, shiftLeft, type Decimal } from '../money/decimal.ts';

/**
 * Build rules version 1 (build-rules.ts): each line's tax rounded on its own, the subtotal their sum. Kept so
 * documents recorded with it rebuild with their recorded CUFE.
 */
export function perLineTaxV1(bases: readonly bigint[], rate: Decimal): { amount: bigint; shares: bigint[] } {
  const shares = bases.map((base) => roundHalfUp(shiftLeft(multiply({ units: base, scale: 2 }, rate), 2), 2));
  return { amount: shares.reduce((sum, x) => sum + x, 0n), shares };
}
