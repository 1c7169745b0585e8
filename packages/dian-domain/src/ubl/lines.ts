import { formatDecimal, money } from '../money/decimal.ts';
import type { LineAmounts } from '../totals/compute-totals.ts';
import type { ValidatedLine } from '../validation/validated-invoice.ts';
import { writeAllowanceCharges } from './allowance-charges.ts';
import { writeTaxTotal } from './taxes.ts';
import type { XmlWriter } from './xml-writer.ts';

/**
 * One cac:InvoiceLine (annex §3.10). PriceAmount is the unit price (up to 6 decimals, FBB02) and
 * BaseQuantity equals the invoiced quantity, which satisfies FAV06 whichever quantity DIAN
 * multiplies by; the line's discounts and charges follow, and LineExtensionAmount is net of them.
 * Quantities keep up to 6 decimals and at least 2. Excluded lines (no taxes) carry no TaxTotal.
 * A free item: FreeOfChargeIndicator true, LineExtensionAmount 0, the reference price in
 * PricingReference and the taxes on quantity × that price.
 */
export function writeInvoiceLine(w: XmlWriter, index: number, line: ValidatedLine, amounts: LineAmounts): void {
  const cop = { currencyID: 'COP' };
  const quantity = formatDecimal(line.quantity, 2);
  w.open('cac:InvoiceLine');
  w.leaf('cbc:ID', String(index + 1));
  w.leaf('cbc:InvoicedQuantity', quantity, { unitCode: line.unitCode });
  w.leaf('cbc:LineExtensionAmount', money(amounts.base), cop);
  if (line.freeOfCharge) {
    w.leaf('cbc:FreeOfChargeIndicator', 'true');
    w.open('cac:PricingReference');
    w.open('cac:AlternativeConditionPrice');
    w.leaf('cbc:PriceAmount', formatDecimal(line.freeOfCharge.referencePrice, 2), cop);
    w.leaf('cbc:PriceTypeCode', line.freeOfCharge.priceTypeCode);
    w.close();
    w.close();
  }
  writeAllowanceCharges(w, amounts.allowanceCharges);
  for (const tax of amounts.taxes) {
    writeTaxTotal(w, { code: tax.code, amount: tax.amount, subtotals: [tax] });
  }
  w.open('cac:Item');
  w.leaf('cbc:Description', line.name);
  w.open('cac:StandardItemIdentification');
  // 999: the taxpayer's own coding standard (FAZ09).
  w.leaf('cbc:ID', line.code, { schemeID: '999', schemeName: 'Estándar de adopción del contribuyente' });
  w.close();
  w.close();
  w.open('cac:Price');
  w.leaf('cbc:PriceAmount', formatDecimal(line.unitPrice, 2), cop);
  w.leaf('cbc:BaseQuantity', quantity, { unitCode: line.unitCode });
  w.close();
  w.close();
}
