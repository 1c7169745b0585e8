import { parseDocument, readDocumentHead, type UblDocumentHead } from './documents.ts';

export type InvoiceDocument = UblDocumentHead & { readonly kind: 'invoice' };

/** A UBL Invoice's head and CUFE fields; throws XmlParseError or UnexpectedDocumentError. */
export function readInvoiceDocument(xml: string): InvoiceDocument {
  return { kind: 'invoice', ...readDocumentHead(parseDocument(xml, 'Invoice')) };
}
