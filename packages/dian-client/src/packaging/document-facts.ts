import { childElement, NS, parseXmlTree, pathElement, textOf, type XmlElement } from '@fe/dian-xml';
import { DianClientError } from '../errors.ts';
import type { DocumentType } from '../file-names/file-names.ts';

const CBC = NS.cbc;
const CAC = NS.cac;
const roots: Record<string, DocumentType> = {
  Invoice: 'fv',
  CreditNote: 'nc',
  DebitNote: 'nd',
  ApplicationResponse: 'ar',
  AttachedDocument: 'ad',
};

/** What packaging and reconciliation need from a signed UBL document. */
export type DocumentFacts = {
  type: DocumentType;
  /** cbc:ID, prefix included (SETP990000001). */
  id: string;
  issueDate: string;
  /** CUFE/CUDE (cbc:UUID): GetStatus's track id. */
  documentKey: string;
  /** Issuer NIT (AccountingSupplierParty/Party/PartyTaxScheme/CompanyID; an event's SenderParty), without DV. */
  issuerNit: string;
};

export function readDocumentFacts(xml: string): DocumentFacts {
  const invalid = (detail: string): never => {
    throw new DianClientError('DOCUMENT_INVALID', { detail });
  };
  let root: XmlElement;
  try {
    root = parseXmlTree(xml);
  } catch {
    return invalid('not well-formed XML');
  }
  const type = roots[root.localName ?? ''] ?? invalid('not a UBL invoice, note or event');
  const text = (name: string) => textOf(childElement(root, CBC, name))?.trim() || invalid(`no cbc:${name}`);
  const supplier = childElement(root, CAC, 'AccountingSupplierParty') ?? childElement(root, CAC, 'SenderParty');
  const scheme = pathElement(childElement(supplier, CAC, 'Party') ?? supplier, [CAC, 'PartyTaxScheme']);
  const issuerNit = textOf(childElement(scheme, CBC, 'CompanyID'))?.trim() || invalid('no issuer NIT');
  const id = text('ID');
  const documentKey = text('UUID');
  return { type, id, issueDate: text('IssueDate'), documentKey, issuerNit };
}
