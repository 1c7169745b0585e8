import {
  creditNoteConcepts,
  debitNoteConcepts,
  type CreditNoteRequest,
  type CreditNoteRequestedV3,
  type DebitNoteRequest,
  type DebitNoteRequestedV3,
  type InvoiceRequest,
  type NoteKind,
  type NoteReference,
} from '@fe/contracts';
import { failure, type Result } from '../errors/domain-error.ts';
import { CURRENT_BUILD_RULES, type BuildRules } from '../totals/build-rules.ts';
import type { InvoiceTotals } from '../totals/compute-totals.ts';
import { checkInvoiceRequest } from './validate-request.ts';
import type { ValidatedCurrency, ValidatedCustomer, ValidatedLine } from './validated-invoice.ts';

/** A credit or debit note's content, checked and normalised for the builder (build-note.ts). */
export type ValidatedNote = {
  kind: NoteKind;
  /** Annex table 13.2.4 (credit) or 13.2.5 (debit): DiscrepancyResponse/ResponseCode. */
  concept: string;
  /** DiscrepancyResponse/Description: the request's, or the concept's DIAN name. */
  description: string;
  notes?: string;
  /** The buyer and payment means: the referenced invoice's, or the request's when there is no invoice here. */
  customer: ValidatedCustomer;
  payment: { methodCode: string; dueDate?: string };
  lines: readonly ValidatedLine[];
  /** computeTotals of the lines and the note's own discounts and charges, as an invoice's: the CUDE and XML use it. */
  totals: InvoiceTotals;
  /** BillingReference/InvoiceDocumentReference, and DiscrepancyResponse/ReferenceID; absent: CustomizationID 22/32. */
  referencedInvoice?: { documentId: string; cufe: string; issueDate: string };
  /** cac:InvoicePeriod of a note without a referenced invoice. */
  invoicePeriod?: { startDate: string; endDate: string };
  /** The invoice's currency and rate the note is written in (DocumentCurrencyCode, PaymentExchangeRate). */
  currency?: ValidatedCurrency;
};

/**
 * What a note's first event records (CreditNoteRequested.v3 / DebitNoteRequested.v3), or what ingress has before it
 * records it.
 */
export type NoteContent = (
  { kind: 'credit'; request: CreditNoteRequest } | { kind: 'debit'; request: DebitNoteRequest }
) & {
  lines: InvoiceRequest['lines'];
  /** The document-level discounts and charges: the request's, or the invoice's for a full cancellation. */
  allowance_charges?: InvoiceRequest['allowance_charges'];
  /** Absent: a note without a referenced invoice (then `invoice_period`). */
  referenced_invoice?: NoteReference | undefined;
  invoice_period?: { start_date: string; end_date: string } | undefined;
  customer: InvoiceRequest['customer'];
  payment: InvoiceRequest['payment'];
  /** The referenced invoice's currency and rate (docs/notes.md, "Currency"); absent: pesos. */
  currency?: InvoiceRequest['currency'];
};

/** The content a note's first event recorded, as checkNoteDocument takes it (the signer rebuilds from it). */
export function noteContentOf(requested: CreditNoteRequestedV3 | DebitNoteRequestedV3): NoteContent {
  const { request: _request, ...data } = requested.data;
  const shared = {
    lines: data.lines,
    ...(data.allowance_charges ? { allowance_charges: data.allowance_charges } : {}),
    referenced_invoice: data.referenced_invoice,
    invoice_period: data.invoice_period,
    customer: data.customer,
    payment: data.payment,
    ...(data.currency ? { currency: data.currency } : {}),
  };
  return requested.type === 'CreditNoteRequested'
    ? { kind: 'credit', request: requested.data.request, ...shared }
    : { kind: 'debit', request: requested.data.request, ...shared };
}

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
  const { kind, request, lines, allowance_charges, referenced_invoice: invoice, invoice_period: period } = content;
  if ((invoice === undefined) === (period === undefined)) {
    return failure('VALIDATION_ERROR', 'The request has invalid or missing fields.', [
      { path: 'invoice', message: 'a note references an invoice or, without one, gives the period it covers' },
    ]);
  }
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
      customer: content.customer,
      payment: content.payment,
      lines,
      ...(allowance_charges?.length ? { allowance_charges } : {}),
      ...(content.currency ? { currency: content.currency } : {}),
    },
    // The date a due date may not precede: the invoice's, or the start of the period a note without one covers.
    { issueDate: invoice?.issue_date ?? period!.start_date, buildRules },
  );
  if (!checked.ok) return checked;
  const { customer, payment, totals, currency } = checked.value;
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
      ...(invoice
        ? { referencedInvoice: { documentId: invoice.document_id, cufe: invoice.cufe, issueDate: invoice.issue_date } }
        : { invoicePeriod: { startDate: period!.start_date, endDate: period!.end_date } }),
      ...(currency ? { currency } : {}),
    },
  };
}
