import type { UblDocumentHead, XmlElement } from '@fe/dian-xml';
import type { Check } from './report.ts';

/** What a report calls the signed document and its key: a note's is its CUDE (annex §1.2), an invoice's its CUFE. */
export type DocumentKind = { label: 'invoice' | 'credit note' | 'debit note'; key: 'CUFE' | 'CUDE' };

const kinds: Record<string, DocumentKind> = {
  Invoice: { label: 'invoice', key: 'CUFE' },
  CreditNote: { label: 'credit note', key: 'CUDE' },
  DebitNote: { label: 'debit note', key: 'CUDE' },
};

/** The kind of a UBL document, by its root element; undefined for any other root. */
export const documentKind = (root: XmlElement): DocumentKind | undefined =>
  Object.hasOwn(kinds, root.localName) ? kinds[root.localName] : undefined;

/**
 * The report's first line: which document this is, its number and key (a note printed as an
 * invoice with a "CUFE" misled whoever read it). Not a check that can fail: another root is SKIP.
 */
export function documentCheck(head: UblDocumentHead): Check {
  const kind = documentKind(head.root);
  if (!kind)
    return { name: 'document', ok: null, detail: `a ${head.root.localName}, not an invoice or a credit or debit note` };
  const id = head.number ?? '(no cbc:ID)';
  const key = head.key;
  return { name: 'document', ok: true, detail: `${kind.label} ${id}, ${kind.key} ${key ?? '(none)'}` };
}
