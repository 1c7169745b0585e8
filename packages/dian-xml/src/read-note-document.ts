import { cac, cbc } from './namespaces.ts';
import { pathElement, textAt } from './lookups.ts';
import { parseDocument, readDocumentHead, type UblDocumentHead } from './documents.ts';

export type NoteDocument = UblDocumentHead & {
  readonly kind: 'credit_note' | 'debit_note';
  /** cac:DiscrepancyResponse/cbc:ResponseCode: the correction concept. */
  readonly responseCode: string | undefined;
  /** cac:BillingReference/cac:InvoiceDocumentReference: the invoice the note corrects. */
  readonly invoice: {
    readonly number: string | undefined;
    readonly cufe: string | undefined;
    readonly issueDate: string | undefined;
  };
};

/**
 * A UBL CreditNote or DebitNote: its head, CUDE fields, concept and invoice; throws XmlParseError or
 * UnexpectedDocumentError.
 */
export function readNoteDocument(xml: string): NoteDocument {
  const root = parseDocument(xml, 'CreditNote', 'DebitNote');
  const debit = root.localName === 'DebitNote';
  const head = readDocumentHead(root);
  const reference = pathElement(root, cac('BillingReference'), cac('InvoiceDocumentReference'));
  return {
    kind: debit ? 'debit_note' : 'credit_note',
    ...head,
    responseCode: textAt(root, cac('DiscrepancyResponse'), cbc('ResponseCode')),
    invoice: {
      number: textAt(reference, cbc('ID')),
      cufe: textAt(reference, cbc('UUID')),
      issueDate: textAt(reference, cbc('IssueDate')),
    },
  };
}
