import { money } from '../money/decimal.ts';
import type { InvoiceTotals } from '../totals/compute-totals.ts';
import type { CurrencyAttribute } from './currency.ts';
import type { XmlWriter } from './xml-writer.ts';

/**
 * The document's MonetaryTotalType (annex §3.9): cac:LegalMonetaryTotal for an invoice or a credit
 * note, cac:RequestedMonetaryTotal for a debit note (annex §10.2). Same fields, same formulas.
 */
export function writeMonetaryTotal(
  w: XmlWriter,
  element: 'cac:LegalMonetaryTotal' | 'cac:RequestedMonetaryTotal',
  t: InvoiceTotals,
  cur: CurrencyAttribute,
): void {
  w.open(element);
  w.leaf('cbc:LineExtensionAmount', money(t.lineExtension), cur);
  w.leaf('cbc:TaxExclusiveAmount', money(t.taxExclusive), cur);
  w.leaf('cbc:TaxInclusiveAmount', money(t.taxInclusive), cur);
  w.leaf('cbc:AllowanceTotalAmount', money(t.allowanceTotal), cur);
  w.leaf('cbc:ChargeTotalAmount', money(t.chargeTotal), cur);
  w.leaf('cbc:PrepaidAmount', money(t.prepaid), cur);
  w.leaf('cbc:PayableAmount', money(t.payable), cur);
  w.close();
}
