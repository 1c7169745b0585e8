import {
  creditNoteConcepts,
  debitNoteConcepts,
  type CreditNoteRequest,
  type DebitNoteRequest,
  type InvoiceRequest,
  type NoteKind,
  type ReferencedInvoice,
} from '@fe/contracts';
import { failure, type Result } from '../errors/domain-error.ts';
import { CURRENT_BUILD_RULES, type BuildRules } from '../totals/build-rules.ts';
import type { InvoiceTotals } from '../totals/compute-totals.ts';
import { checkInvoiceRequest } from './validate-request.ts';
import type { ValidatedCustomer, ValidatedLine } from './validated-invoice.ts';

/** A credit or debit note's content, checked and normalised for the builder (build-note.ts). */
export type ValidatedNote = {
  kind: NoteKind;
  /** Annex table 13.2.4 (credit) or 13.2.5 (debit): DiscrepancyResponse/ResponseCode. */
  concept: string;
  /** DiscrepancyResponse/Description: the request's, or the concept's DIAN name. */
  description: string;
  notes?: string;
  /** The referenced invoice's buyer and payment means: a note corrects that invoice, for that buyer. */
  customer: ValidatedCustomer;
  payment: { methodCode: string; dueDate?: string };
  lines: readonly ValidatedLine[];
  /** computeTotals of the lines and the note's own discounts and charges, as an invoice's: the CUDE and XML use it. */
  totals: InvoiceTotals;
  /** BillingReference/InvoiceDocumentReference, and DiscrepancyResponse/ReferenceID. */
  referencedInvoice: { documentId: string; cufe: string; issueDate: string };
};

/**
 * What a note's first event records (CreditNoteRequested.v1 / DebitNoteRequested.v1), or what ingress has before it
 * records it.
 */
export type NoteContent = (
  { kind: 'credit'; request: CreditNoteRequest } | { kind: 'debit'; request: DebitNoteRequest }
) & {
  lines: InvoiceRequest['lines'];
  /** The document-level discounts and charges: the request's, or the invoice's for a full cancellation. */
  allowance_charges?: InvoiceRequest['allowance_charges'];
  referenced_invoice: ReferencedInvoice;
};

const conceptNames: Record<NoteKind, Readonly<Record<string, string>>> = {
  credit: creditNoteConcepts,
  debit: debitNoteConcepts,
};

/**
 * A note's checks past the schema, reusing the invoice line checks against the referenced invoice; the book
 * rules (balance, cancellation) are ingress's. A debit note line cannot be free: UBL has no such field there.
 */
export function checkNoteDocument(
  content: NoteContent,
  buildRules: BuildRules = CURRENT_BUILD_RULES,
): Result<ValidatedNote> {
  const { kind, request, lines, allowance_charges, referenced_invoice: invoice } = content;
  const conceptName = conceptNames[kind][request.concept];
  if (conceptName === undefined) {
    return failure('VALIDATION_ERROR', 'The request has invalid or missing fields.', [
      { path: 'concept', message: `not a ${kind} note concept of annex 1.9` },
    ]);
  }
  if (kind === 'debit') {
    const free = lines.flatMap((line, i) =>
      line.free_of_charge
        ? [{ path: `lines.${i}.free_of_charge`, message: 'a debit note line cannot be free of charge' }]
        : [],
    );
    if (free.length) return failure('VALIDATION_ERROR', 'The request has invalid or missing fields.', free);
  }
  const checked = checkInvoiceRequest(
    {
      customer: invoice.customer,
      payment: invoice.payment,
      lines,
      ...(allowance_charges?.length ? { allowance_charges } : {}),
    },
    { issueDate: invoice.issue_date, buildRules },
  );
  if (!checked.ok) return checked;
  const { customer, payment, totals } = checked.value;
  return {
    ok: true,
    value: {
      kind,
      concept: request.concept,
      description: (request.description ?? conceptName).normalize('NFC'),
      ...(request.notes ? { notes: request.notes.normalize('NFC') } : {}),
      customer,
      payment,
      lines: checked.value.lines,
      totals,
      referencedInvoice: { documentId: invoice.document_id, cufe: invoice.cufe, issueDate: invoice.issue_date },
    },
  };
}
