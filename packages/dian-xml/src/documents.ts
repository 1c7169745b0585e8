import { attributeOf, childElements, pathElement, textAt } from './lookups.ts';
import { cac, cbc } from './namespaces.ts';
import { parseXmlTree, type XmlElement } from './xml-tree.ts';

/** The root is not the document the reader was asked for (an Invoice read as a note, say). */
export class UnexpectedDocumentError extends Error {}

/** The root element of `xml`, refused unless its local name is one of `expected`. */
export function parseDocument(xml: string, ...expected: string[]): XmlElement {
  const root = parseXmlTree(xml);
  if (!expected.includes(root.localName)) {
    throw new UnexpectedDocumentError(`the root element is ${root.localName}, not ${expected.join(' or ')}`);
  }
  return root;
}

/**
 * The fields every UBL invoice and note carries at its head, and the ones its CUFE/CUDE is made of (annex §1.1, §1.2).
 */
export type UblDocumentHead = {
  readonly root: XmlElement;
  /** cbc:ID: prefix and number. */
  readonly number: string | undefined;
  /** cbc:UUID: the CUFE or CUDE. */
  readonly key: string | undefined;
  /** cbc:UUID/@schemeName: 'CUFE-SHA384' or 'CUDE-SHA384'. */
  readonly keyScheme: string | undefined;
  readonly issueDate: string | undefined;
  readonly issueTime: string | undefined;
  /** cbc:ProfileExecutionID: '1' production, '2' testing. */
  readonly environment: string | undefined;
  readonly supplierNit: string | undefined;
  readonly customerId: string | undefined;
  readonly lineExtensionAmount: string | undefined;
  readonly payableAmount: string | undefined;
  /** cac:TaxTotal/cbc:TaxAmount by its tax scheme ID ('01' IVA, '03' ICA, '04' INC); the first total of each. */
  readonly taxAmounts: Readonly<Record<string, string | undefined>>;
};

/**
 * The head of any UBL invoice or note; its totals are LegalMonetaryTotal, else (a debit note's) RequestedMonetaryTotal.
 */
export function readDocumentHead(root: XmlElement): UblDocumentHead {
  const companyId = (party: string) => textAt(root, cac(party), cac('Party'), cac('PartyTaxScheme'), cbc('CompanyID'));
  const totals = pathElement(root, cac('LegalMonetaryTotal')) ?? pathElement(root, cac('RequestedMonetaryTotal'));
  const taxAmounts: Record<string, string | undefined> = {};
  for (const total of childElements(root, ...cac('TaxTotal'))) {
    const scheme = textAt(total, cac('TaxSubtotal'), cac('TaxCategory'), cac('TaxScheme'), cbc('ID'));
    if (scheme !== undefined && !Object.hasOwn(taxAmounts, scheme))
      taxAmounts[scheme] = textAt(total, cbc('TaxAmount'));
  }
  return {
    root,
    number: textAt(root, cbc('ID')),
    key: textAt(root, cbc('UUID')),
    keyScheme: attributeOf(pathElement(root, cbc('UUID')), 'schemeName'),
    issueDate: textAt(root, cbc('IssueDate')),
    issueTime: textAt(root, cbc('IssueTime')),
    environment: textAt(root, cbc('ProfileExecutionID')),
    supplierNit: companyId('AccountingSupplierParty'),
    customerId: companyId('AccountingCustomerParty'),
    lineExtensionAmount: textAt(totals, cbc('LineExtensionAmount')),
    payableAmount: textAt(totals, cbc('PayableAmount')),
    taxAmounts,
  };
}
