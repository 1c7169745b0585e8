import { formatDecimal, money } from '../money/decimal.ts';
import type { LineAmounts } from '../totals/compute-totals.ts';
import type { ValidatedLine, ValidatedPrincipal } from '../validation/validated-invoice.ts';
import { writeAllowanceCharges } from './allowance-charges.ts';
import { companyIdAttributes } from './parties.ts';
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
  mandate = false,
): void {
  writeDocumentLine(w, lineLayouts.invoice, index, line, amounts, cur, mandate);
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
  mandate = false,
): void {
  const quantity = formatDecimal(line.quantity, 2);
  w.open(layout.element);
  // On a mandate invoice each line says whose income it is: 0 the seller's own, 1 a principal's.
  w.leaf('cbc:ID', String(index + 1), mandate ? { schemeID: line.principal ? '1' : '0' } : undefined);
  if (line.note) w.leaf('cbc:Note', line.note);
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
  if (line.principal) writePrincipal(w, line.principal);
  w.close();
  w.open('cac:Price');
  w.leaf('cbc:PriceAmount', formatDecimal(line.unitPrice, 2), cur);
  w.leaf('cbc:BaseQuantity', quantity, { unitCode: line.unitCode });
  w.close();
  w.close();
}

/**
 * The principal a mandate line is sold for (annex, operation 11): identified as DIAN identifies a party (schemeName
 * the document type, schemeID a NIT's DV, agency 195), named for the printed invoice.
 */
function writePrincipal(w: XmlWriter, principal: ValidatedPrincipal): void {
  w.open('cac:InformationContentProviderParty');
  w.open('cac:PowerOfAttorney');
  w.open('cac:AgentParty');
  w.open('cac:PartyIdentification');
  w.leaf('cbc:ID', principal.documentNumber, companyIdAttributes(principal.documentType, principal.dv));
  w.close();
  w.open('cac:PartyName');
  w.leaf('cbc:Name', principal.name);
  w.close();
  w.close();
  w.close();
  w.close();
}
