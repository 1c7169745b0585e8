import { roundHalfUp, type Decimal } from '../money/decimal.ts';

/**
 * A discount or charge (cac:AllowanceCharge, annex table 13.3.8 for the discount reasons) on a
 * line or on the whole invoice, as the request gives it: a percentage of a base, or an amount.
 */
export type AllowanceChargeInput = {
  charge: boolean;
  /** Discounts only: '00' descuento no condicionado, '01' descuento condicionado. */
  reasonCode?: '00' | '01';
  reason: string;
  percent?: Decimal;
  amount?: Decimal;
  baseAmount?: Decimal;
};

/** What the XML writes: the amount and base in cents, and the percentage (MultiplierFactorNumeric). */
export type ResolvedAllowanceCharge = {
  charge: boolean;
  reasonCode?: '00' | '01';
  reason: string;
  factor: Decimal;
  amount: bigint;
  base: bigint;
};

const FACTOR_DECIMALS = 6;

/**
 * A discount or charge's amount and percentage, each derived from the other half-up, so DIAN's Amount =
 * BaseAmount × MultiplierFactorNumeric / 100 holds within a hundredth of a cent. Undefined on a base of 0.
 */
export function resolveAllowanceCharge(
  ac: AllowanceChargeInput,
  defaultBase: bigint,
): ResolvedAllowanceCharge | undefined {
  const base = ac.baseAmount ? roundHalfUp(ac.baseAmount, 2) : defaultBase;
  const described = { charge: ac.charge, ...(ac.reasonCode ? { reasonCode: ac.reasonCode } : {}), reason: ac.reason };
  if (ac.percent) {
    // base (cents) × percent / 100: scale 2 + percent.scale + 2.
    const amount = roundHalfUp({ units: base * ac.percent.units, scale: 2 + ac.percent.scale + 2 }, 2);
    return { ...described, factor: ac.percent, amount, base };
  }
  const amount = roundHalfUp(ac.amount ?? { units: 0n, scale: 0 }, 2);
  if (base === 0n) return undefined;
  const scaled = amount * 100n * 10n ** BigInt(FACTOR_DECIMALS);
  const factor = { units: (scaled * 2n + base) / (base * 2n), scale: FACTOR_DECIMALS };
  return { ...described, factor, amount, base };
}

/** Σ charges − Σ discounts, in cents (negative when the discounts weigh more). */
export const netAdjustment = (resolved: readonly ResolvedAllowanceCharge[]): bigint =>
  resolved.reduce((sum, ac) => sum + (ac.charge ? ac.amount : -ac.amount), 0n);
