import { codelists, hasCode } from '@fe/dian-domain/codelists';
import type { RuleCode } from './catalogue.ts';
import type { RuleGroupCheck } from './context.ts';
import type { InvoiceView } from './invoice-view.ts';

/**
 * Operation types an invoice may declare (reference §3.1). Generous on purpose: refusing what DIAN accepts would
 * fail integrators for nothing.
 */
const OPERATION_TYPES = new Set(['09', '10', '11', '12', 'SS-CUFE', 'SS-CUDE', 'SS-POS', 'SS-SNum', 'SS-Recaudo']);
/** 01 sale, 02 export, 03 contingency (transmission instrument), 04 contingency on DIAN's side. */
const INVOICE_TYPES = new Set(['01', '02', '03', '04']);
/** Annex 13.1.3 types that are not a sales invoice: a known one is FAD12b, an unknown one FAD12a. */
const OTHER_DOCUMENT_TYPES = new Set(['05', '20', '91', '92', '93', '94', '96']);

/** The document's type and currency (reference §3.1, §7.8). */
export const checkDocumentType: RuleGroupCheck = ({ view }) => {
  const failures: RuleCode[] = [];
  if (!OPERATION_TYPES.has(view.customizationId ?? '')) failures.push('FAD02');
  if (OTHER_DOCUMENT_TYPES.has(view.invoiceTypeCode ?? '')) failures.push('FAD12b');
  else if (!INVOICE_TYPES.has(view.invoiceTypeCode ?? '')) failures.push('FAD12a');
  failures.push(...currencyFailures(view));
  if (view.invoiceTypeCode === '02') failures.push(...exportFailures(view));
  if (view.invoiceTypeCode === '03') {
    // A contingency invoice refers to the paper or contingency document it replaces (reference §7.8).
    if (view.additionalDocuments.length === 0) failures.push('FAI01');
    else if (view.additionalDocuments.some((d) => !d.id)) failures.push('FAI02');
    else if (view.additionalDocuments.some((d) => !d.uuid)) failures.push('FAI03');
  }
  return failures;
};

/**
 * FAD15a currency code, FAD15b every amount in the document's currency, FAR01 an exchange rate for a currency other
 * than COP and FAR02–07 its fields; notes too.
 */
export function currencyFailures(view: InvoiceView): RuleCode[] {
  // DIAN's currency table (TipoMoneda-2.1.gc, 179 codes) as it is, withdrawn codes and gaps included:
  // DIAN checks against it, so a code its table lacks is refused here as there.
  if (!hasCode(codelists.currencies, view.documentCurrency)) return ['FAD15a'];
  if ([...view.currencies].some((currency) => currency !== view.documentCurrency)) return ['FAD15b'];
  const rate = view.exchangeRate;
  if (!rate) return view.documentCurrency === 'COP' ? [] : ['FAR01'];
  // One code per field in the reference's order (§3.2): which FAR code checks which field is not written there.
  const failures: RuleCode[] = [];
  if (rate.sourceCurrency !== view.documentCurrency) failures.push('FAR02');
  if (!isOne(rate.sourceBaseRate)) failures.push('FAR03');
  if (rate.targetCurrency !== 'COP') failures.push('FAR04');
  if (!isOne(rate.targetBaseRate)) failures.push('FAR05');
  if (!/^\d+(\.\d+)?$/.test(rate.calculationRate ?? '') || !/[1-9]/.test(rate.calculationRate!)) failures.push('FAR06');
  if (!/^\d{4}-\d{2}-\d{2}$/.test(rate.date ?? '') || rate.date! > (view.issueDate ?? '')) failures.push('FAR07');
  return failures;
}

const isOne = (value: string | undefined) => /^0*1(\.0+)?$/.test(value ?? '');

/**
 * An export (type 02): delivery terms with an Incoterm of DIAN's list (SIM-EXP01), a buyer with an address abroad
 * and none at home (SIM-EXP02). The reference names the type, not DIAN's codes for these checks.
 */
function exportFailures(view: InvoiceView): RuleCode[] {
  const failures: RuleCode[] = [];
  if (!view.incoterms.some((code) => hasCode(codelists.deliveryTerms, code))) failures.push('SIM-EXP01');
  const countries = view.customer.addresses.map((a) => a.country);
  if (countries.length === 0 || countries.some((country) => country === undefined || country === 'CO'))
    failures.push('SIM-EXP02');
  return failures;
}
