import { formatDecimal, money } from '../money/decimal.ts';
import type { ResolvedAllowanceCharge } from '../totals/allowance-charge.ts';
import type { CurrencyAttribute } from './currency.ts';
import type { XmlWriter } from './xml-writer.ts';

/**
 * cac:AllowanceCharge per discount or charge (annex §3.10), with the percentage in MultiplierFactorNumeric so
 * Amount = BaseAmount × MultiplierFactorNumeric / 100.
 */
export function writeAllowanceCharges(
  w: XmlWriter,
  list: readonly ResolvedAllowanceCharge[],
  cur: CurrencyAttribute,
): void {
  list.forEach((ac, i) => {
    w.open('cac:AllowanceCharge');
    w.leaf('cbc:ID', String(i + 1));
    w.leaf('cbc:ChargeIndicator', ac.charge ? 'true' : 'false');
    if (ac.reasonCode) w.leaf('cbc:AllowanceChargeReasonCode', ac.reasonCode);
    w.leaf('cbc:AllowanceChargeReason', ac.reason);
    w.leaf('cbc:MultiplierFactorNumeric', formatDecimal(ac.factor, 2));
    w.leaf('cbc:Amount', money(ac.amount), cur);
    w.leaf('cbc:BaseAmount', money(ac.base), cur);
    w.close();
  });
}
