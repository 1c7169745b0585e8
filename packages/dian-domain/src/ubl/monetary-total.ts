import { money } from '../money/decimal.ts';
import type { InvoiceTotals } from '../totals/compute-totals.ts';
import type { XmlWriter } from './xml-writer.ts';

/**
 * The document's MonetaryTotalType (annex §3.9): cac:LegalMonetaryTotal for an invoice or a credit
 * note, cac:RequestedMonetaryTotal for a debit note (annex §10.2). Same fields, same formulas.
 */
export function writeMonetaryTotal(
  w: XmlWriter,
  element: 'cac:LegalMonetaryTotal' | 'cac:RequestedMonetaryTotal',
  t: InvoiceTotals,
): void {
  const cop = { currencyID: 'COP' };
  w.open(element);
  w.leaf('cbc:LineExtensionAmount', money(t.lineExtension), cop);
  w.leaf('cbc:TaxExclusiveAmount', money(t.taxExclusive), cop);
  w.leaf('cbc:TaxInclusiveAmount', money(t.taxInclusive), cop);
  w.leaf('cbc:AllowanceTotalAmount', money(t.allowanceTotal), cop);
  w.leaf('cbc:ChargeTotalAmount', money(t.chargeTotal), cop);
  w.leaf('cbc:PrepaidAmount', money(t.prepaid), cop);
  w.leaf('cbc:PayableAmount', money(t.payable), cop);
  w.close();
}
