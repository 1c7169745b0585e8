import type { UblDocumentHead } from './documents.ts';
import { attributeOf, pathElement, textAt } from './lookups.ts';
import { cac, cbc } from './namespaces.ts';
import type { XmlElement } from './xml-tree.ts';

/** A party of an invoice as its PartyTaxScheme and Contact write it (annex §3.3, §3.4). */
export type InvoiceParty = {
  readonly id: string | undefined;
  /** CompanyID/@schemeID: the DV of a NIT. */
  readonly dv: string | undefined;
  /** CompanyID/@schemeName: the identification type ('31' NIT). */
  readonly documentType: string | undefined;
  /** AdditionalAccountID: '1' persona jurídica, '2' persona natural. */
  readonly personType: string | undefined;
  readonly name: string | undefined;
  readonly email: string | undefined;
};

/**
 * The seller and the buyer of an invoice or note already read (`readInvoiceDocument(xml).root`): what a buyer's
 * RADIAN event names and where it is mailed.
 */
export function readInvoiceParties(head: Pick<UblDocumentHead, 'root'>): {
  supplier: InvoiceParty;
  customer: InvoiceParty;
} {
  return {
    supplier: party(head.root, 'AccountingSupplierParty'),
    customer: party(head.root, 'AccountingCustomerParty'),
  };
}

function party(root: XmlElement, role: string): InvoiceParty {
  const at = pathElement(root, cac(role));
  const party = pathElement(at, cac('Party'));
  const companyId = pathElement(party, cac('PartyTaxScheme'), cbc('CompanyID'));
  return {
    id: textAt(party, cac('PartyTaxScheme'), cbc('CompanyID')),
    dv: attributeOf(companyId, 'schemeID'),
    documentType: attributeOf(companyId, 'schemeName'),
    personType: textAt(at, cbc('AdditionalAccountID')),
    name: textAt(party, cac('PartyTaxScheme'), cbc('RegistrationName')) ?? textAt(party, cac('PartyName'), cbc('Name')),
    email: textAt(party, cac('Contact'), cbc('ElectronicMail')),
  };
}
