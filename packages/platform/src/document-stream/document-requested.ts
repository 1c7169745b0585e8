import type { CreditNoteRequestedV2, DebitNoteRequestedV2, InvoiceEvent, InvoiceRequestedV3 } from '@fe/contracts';

/** A document stream's first event: an invoice's, or a credit or debit note's (the rest of the stream is shared). */
export type DocumentRequested = InvoiceRequestedV3 | CreditNoteRequestedV2 | DebitNoteRequestedV2;

export const isDocumentRequested = (event: InvoiceEvent | undefined): event is DocumentRequested =>
  event?.type === 'InvoiceRequested' || event?.type === 'CreditNoteRequested' || event?.type === 'DebitNoteRequested';

/**
 * A contingency invoice (type 04, docs/contingency.md): issued while DIAN was unavailable, delivered to the buyer
 * before DIAN has it, transmitted once DIAN answers again.
 */
export const isContingencyInvoice = (requested: DocumentRequested | undefined): boolean =>
  requested?.type === 'InvoiceRequested' && requested.data.invoice_type_code === '04';

/** The document's key as its first event records it: the invoice's CUFE, a note's CUDE (the signed XML's cbc:UUID). */
export const documentKey = (requested: DocumentRequested): string =>
  requested.type === 'InvoiceRequested' ? requested.data.cufe : requested.data.cude;
