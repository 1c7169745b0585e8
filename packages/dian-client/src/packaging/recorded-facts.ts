import type { InvoiceEvent } from '@fe/contracts';
import { documentKey } from '@fe/platform';
import type { DocumentFacts } from './document-facts.ts';

/**
 * What packaging needs, from the stream's first event (the signer checked the XML matches it):
 * an invoice's InvoiceRequested (fv) or a note's CreditNoteRequested (nc) / DebitNoteRequested (nd).
 * Undefined when the stream has none of them; the caller then reads the facts from the XML.
 */
export function recordedDocumentFacts(events: readonly InvoiceEvent[], issuerNit: string): DocumentFacts | undefined {
  for (const e of events) {
    if (e.type !== 'InvoiceRequested' && e.type !== 'CreditNoteRequested' && e.type !== 'DebitNoteRequested') continue;
    const d = e.data;
    return {
      type: e.type === 'InvoiceRequested' ? 'fv' : e.type === 'CreditNoteRequested' ? 'nc' : 'nd',
      id: d.document_id,
      issueDate: d.issued_at.slice(0, 10),
      documentKey: documentKey(e),
      issuerNit,
    };
  }
  return undefined;
}
