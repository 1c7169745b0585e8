import type { DocumentRequested } from '@fe/platform';
import type { DocumentKind } from '../delivery/document-kinds.ts';

// A stream's first event says which document the mail is about (an invoice, a credit or a debit
// note: one pipeline for the three) and who the buyer is. A note's buyer is in its first event: its
// invoice's, copied by ingress, or the request's for a note on no invoice of this product.

export const customerOf = (requested: DocumentRequested) =>
  requested.type === 'InvoiceRequested' ? requested.data.request.customer : requested.data.customer;

export const kindOf = (requested: DocumentRequested): DocumentKind =>
  requested.type === 'InvoiceRequested'
    ? 'invoice'
    : requested.type === 'CreditNoteRequested'
      ? 'credit_note'
      : 'debit_note';

/** The invoice a note corrects (number and CUFE), for the mail's text; undefined for an invoice or a note on none. */
export const referencedInvoiceOf = (requested: DocumentRequested) => {
  const reference = requested.type === 'InvoiceRequested' ? undefined : requested.data.referenced_invoice;
  return reference && { number: reference.document_id, cufe: reference.cufe };
};
