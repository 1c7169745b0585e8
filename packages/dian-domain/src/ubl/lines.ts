import { formatDecimal, money } from '../money/decimal.ts';
import type { LineAmounts } from '../totals/compute-totals.ts';
import type { ValidatedLine } from '../validation/validated-invoice.ts';
import { writeAllowanceCharges } from './allowance-charges.ts';
import { writeTaxTotal } from './taxes.ts';
import type { CurrencyAttribute } from './currency.ts';
import type { XmlWriter } from './xml-writer.ts';

/** What differs between the three documents' lines: element and quantity names, and discount/tax order. */
export type LineLayout = {
  element: 'cac:InvoiceLine' | 'cac:CreditNoteLine' | 'cac:DebitNoteLine';
  quantity: 'cbc:InvoicedQuantity' | 'cbc:CreditedQuantity' | 'cbc:DebitedQuantity';
  taxesBeforeAllowances: boolean;
};

export const lineLayouts = {
  invoice: { element: 'cac:InvoiceLine', quantity: 'cbc:InvoicedQuantity', taxesBeforeAllowances: false },
  credit: { element: 'cac:CreditNoteLine', quantity: 'cbc:CreditedQuantity', taxesBeforeAllowances: true },
  debit: { element: 'cac:DebitNoteLine', quantity: 'cbc:DebitedQuantity', taxesBeforeAllowances: true },
} as const satisfies Record<string, LineLayout>;

/**
 * One cac:InvoiceLine (annex §3.10). BaseQuantity equals the invoiced quantity, so FAV06 holds whichever quantity
 * DIAN multiplies by; a free item carries its reference price and is taxed on it.
 */
export function writeInvoiceLine(
  w: XmlWriter,
  index: number,
  line: ValidatedLine,
  amounts: LineAmounts,
  cur: CurrencyAttribute,
): void {
  writeDocumentLine(w, lineLayouts.invoice, index, line, amounts, cur);
}

/**
 * A line of any of the three documents. DebitNoteLine has no FreeOfChargeIndicator, so a free debit line throws
 * (checkNoteDocument refuses it earlier).
 */
export function writeDocumentLine(
  w: XmlWriter,
  layout: LineLayout,
  index: number,
  line: ValidatedLine,
  amounts: LineAmounts,
  cur: CurrencyAttribute,
): void {
  const quantity = formatDecimal(line.quantity, 2);
  w.open(layout.element);
  w.leaf('cbc:ID', String(index + 1));
  w.leaf(layout.quantity, quantity, { unitCode: line.unitCode });
  w.leaf('cbc:LineExtensionAmount', money(amounts.base), cur);
  if (line.freeOfCharge) {
    if (layout.element === 'cac:DebitNoteLine')
      throw new RangeError(`line ${index + 1}: a debit note line cannot be free of charge`);
    w.leaf('cbc:FreeOfChargeIndicator', 'true');
    w.open('cac:PricingReference');
    w.open('cac:AlternativeConditionPrice');
    w.leaf('cbc:PriceAmount', formatDecimal(line.freeOfCharge.referencePrice, 2), cur);
    w.leaf('cbc:PriceTypeCode', line.freeOfCharge.priceTypeCode);
    w.close();
    w.close();
  }
  const writeTaxes = () => {
    for (const tax of amounts.taxes) writeTaxTotal(w, { code: tax.code, amount: tax.amount, subtotals: [tax] }, cur);
  };
  if (layout.taxesBeforeAllowances) writeTaxes();
  writeAllowanceCharges(w, amounts.allowanceCharges, cur);
  if (!layout.taxesBeforeAllowances) writeTaxes();
  w.open('cac:Item');
  w.leaf('cbc:Description', line.name);
  w.open('cac:StandardItemIdentification');
  // 999: the taxpayer's own coding standard (FAZ09).
  w.leaf('cbc:ID', line.code, { schemeID: '999', schemeName: 'Estándar de adopción del contribuyente' });
  w.close();
  w.close();
  w.open('cac:Price');
  w.leaf('cbc:PriceAmount', formatDecimal(line.unitPrice, 2), cur);
  w.leaf('cbc:BaseQuantity', quantity, { unitCode: line.unitCode });
  w.close();
  w.close();
}
