import {
  compareDecimal,
  money,
  multiply,
  parseDecimal,
  roundHalfUp,
  shiftLeft,
  type Decimal,
} from '../money/decimal.ts';

const HUNDRED = parseDecimal('100');

/** Whether a percentage (TasaDescuento) is at most 100. */
export const isPercentage = (rate: string): boolean => compareDecimal(parseDecimal(rate), HUNDRED) <= 0;

/**
 * PrecioPagarseFEV: what the endorsee pays, ValorTotalEndoso × (100 − TasaDescuento) / 100, to the cent half-up (DIAN's
 * validator checks this relation, AAI07b).
 */
export function endorsementPrice(amount: string, discountRate: string): string {
  const rate = parseDecimal(discountRate);
  const kept: Decimal = { units: HUNDRED.units * 10n ** BigInt(rate.scale) - rate.units, scale: rate.scale };
  return money(roundHalfUp(shiftLeft(multiply(parseDecimal(amount), kept), 2), 2));
}

/** NuevoValorTV: the título valor's value after what was paid (ValorFEV-TV − ValorPagado); undefined when negative. */
export function remainingTitleValue(invoiceAmount: string, paidAmount: string): string | undefined {
  const cents = roundHalfUp(parseDecimal(invoiceAmount), 2) - roundHalfUp(parseDecimal(paidAmount), 2);
  return cents < 0n ? undefined : money(cents);
}
