import type { DocumentRequested } from '@fe/platform';
import type { DocumentKind } from '../delivery/document-kinds.ts';

// A stream's first event says which document the mail is about (an invoice, a credit or a debit
// note: one pipeline for the three) and who the buyer is. A note's buyer is its invoice's, copied
// into the note's first event by ingress (referenced_invoice.customer).

export const customerOf = (requested: DocumentRequested) =>
  requested.type === 'InvoiceRequested' ? requested.data.request.customer : requested.data.referenced_invoice.customer;

export const kindOf = (requested: DocumentRequested): DocumentKind =>
  requested.type === 'InvoiceRequested'
    ? 'invoice'
    : requested.type === 'CreditNoteRequested'
      ? 'credit_note'
      : 'debit_note';

/** The invoice a note corrects (number and CUFE), for the mail's text; undefined for an invoice. */
export const referencedInvoiceOf = (requested: DocumentRequested) =>
  requested.type === 'InvoiceRequested'
    ? undefined
    : { number: requested.data.referenced_invoice.document_id, cufe: requested.data.referenced_invoice.cufe };
