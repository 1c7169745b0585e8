import type { RuleCode } from './catalogue.ts';
import type { RuleGroupCheck } from './context.ts';
import { currencyFailures } from './document-rules.ts';
import type { InvoiceView } from './invoice-view.ts';
import type { AcceptedDocument } from '../store/store.ts';

/**
 * Operation types of a note (reference §10.1–10.2): 20/30 refer to an electronic invoice, 22/32
 * refer to none, 23/33 to an invoice from before UBL 2.1.
 */
const OPERATION_TYPES = {
  'credit-note': new Set(['20', '22', '23']),
  'debit-note': new Set(['30', '32', '33']),
} as const;
/** The operation types whose note must reference an invoice electronically issued to DIAN. */
const WITH_REFERENCE = new Set(['20', '30']);
/** Note concepts (cbc:ResponseCode): annex 1.9 tables 13.2.4 (credit) and 13.2.5 (debit). */
const CONCEPTS = {
  'credit-note': new Set(['1', '2', '3', '4', '5', '6']),
  'debit-note': new Set(['1', '2', '3', '4']),
} as const;
/** Concept 2 of a credit note: the invoice is voided. */
const CANCELLATION = '2';

/** A note's type and concept (reference §7.8, §10.1–10.2), and the currency rules the invoice has. */
export const checkNoteType: RuleGroupCheck = ({ view }) => {
  const failures: RuleCode[] = [];
  const kind = view.kind === 'credit-note' ? 'credit-note' : 'debit-note';
  const concepts = view.note?.concepts ?? [];
  if (!OPERATION_TYPES[kind].has(view.customizationId ?? '')) failures.push('FAD02');
  if (kind === 'credit-note' && view.note?.typeCode !== '91') failures.push('CAD12');
  if (concepts.length === 0 || concepts.some((concept) => !CONCEPTS[kind].has(concept ?? '')))
    failures.push(kind === 'credit-note' ? 'SIM-NC01' : 'SIM-ND01');
  // Reference §10.1: operation 22 "requires InvoicePeriod"; it says nothing of the kind for 32.
  if (kind === 'credit-note' && view.customizationId === '22' && !view.note?.hasInvoicePeriod)
    failures.push('SIM-NC02');
  if (kind === 'credit-note' && concepts.includes(CANCELLATION)) {
    if (view.customizationId !== '20') failures.push('CAD02a');
    if (view.customizationId === '22') failures.push('CBF03a');
  }
  failures.push(...currencyFailures(view));
  return failures;
};

/**
 * CBG04 / DBG04: every invoice a note references is one this simulator accepted from the same issuer, since DIAN
 * knows what it accepted and whose it was.
 */
export function checkReferencedInvoices(
  view: InvoiceView,
  accepted: (cufe: string) => AcceptedDocument | undefined,
): RuleCode[] {
  const references = view.note?.invoiceReferences ?? [];
  const issuer = view.supplier.companyId.value;
  const known = (cufe: string | undefined) => {
    const found = cufe ? accepted(cufe) : undefined;
    return found?.kind === 'invoice' && (found.issuerNit === undefined || found.issuerNit === issuer);
  };
  const missing = references.length === 0 && WITH_REFERENCE.has(view.customizationId ?? '');
  if (!missing && references.every((reference) => known(reference.uuid.value))) return [];
  return [view.kind === 'credit-note' ? 'CBG04' : 'DBG04'];
}
