import { attribute, childElement, childElements, pathElement, textOf, type XmlElement } from '../xml/light-xml.ts';

/**
 * The fields of a UBL invoice the rules read, taken once from the tree. Values are the exact
 * strings of the XML (amounts are compared as such, in cents), undefined when absent.
 */
export const ubl = {
  cbc: 'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2',
  cac: 'urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2',
  ext: 'urn:oasis:names:specification:ubl:schema:xsd:CommonExtensionComponents-2',
  sts: 'dian:gov:co:facturaelectronica:Structures-2-1',
  invoice: 'urn:oasis:names:specification:ubl:schema:xsd:Invoice-2',
} as const;
const { cbc, cac, ext, sts } = ubl;

export type TaxSubtotalView = { scheme: string | undefined; percent: string | undefined; taxable: string | undefined; amount: string | undefined };
export type TaxTotalView = { amount: string | undefined; subtotals: TaxSubtotalView[] };
export type LineView = { lineExtension: string | undefined; taxTotals: TaxTotalView[] };
export type IdView = { value: string | undefined; schemeId: string | null; schemeName: string | null };

export type InvoiceView = {
  id: string | undefined;
  uuid: IdView;
  issueDate: string | undefined;
  issueTime: string | undefined;
  profileExecutionId: string | undefined;
  lineCount: string | undefined;
  control: {
    authorization: string | undefined; startDate: string | undefined; endDate: string | undefined;
    prefix: string | undefined; from: string | undefined; to: string | undefined;
  };
  softwareId: string | undefined;
  softwareSecurityCode: string | undefined;
  supplier: { companyId: IdView; name: string | undefined; registrationPrefix: string | undefined };
  customer: { companyId: IdView };
  taxTotals: TaxTotalView[];
  totals: Record<'lineExtension' | 'taxExclusive' | 'taxInclusive' | 'allowance' | 'charge' | 'prepaid' | 'rounding' | 'payable', string | undefined>;
  lines: LineView[];
};

const text = (el: XmlElement | undefined) => textOf(el)?.trim();
const idView = (el: XmlElement | undefined): IdView => ({
  value: text(el), schemeId: attribute(el, 'schemeID'), schemeName: attribute(el, 'schemeName'),
});

function taxTotals(parent: XmlElement): TaxTotalView[] {
  return childElements(parent, cac, 'TaxTotal').map((total) => ({
    amount: text(childElement(total, cbc, 'TaxAmount')),
    subtotals: childElements(total, cac, 'TaxSubtotal').map((sub) => ({
      scheme: text(pathElement(sub, [cac, 'TaxCategory'], [cac, 'TaxScheme'], [cbc, 'ID'])),
      percent: text(pathElement(sub, [cac, 'TaxCategory'], [cbc, 'Percent'])),
      taxable: text(childElement(sub, cbc, 'TaxableAmount')),
      amount: text(childElement(sub, cbc, 'TaxAmount')),
    })),
  }));
}

export function readInvoiceView(root: XmlElement): InvoiceView {
  const dian = childElements(childElement(root, ext, 'UBLExtensions') ?? root, ext, 'UBLExtension')
    .map((e) => pathElement(e, [ext, 'ExtensionContent'], [sts, 'DianExtensions']))
    .find((e) => e !== undefined);
  const control = childElement(dian, sts, 'InvoiceControl');
  const supplier = pathElement(root, [cac, 'AccountingSupplierParty'], [cac, 'Party']);
  const customer = pathElement(root, [cac, 'AccountingCustomerParty'], [cac, 'Party']);
  const money = childElement(root, cac, 'LegalMonetaryTotal');
  const amount = (name: string) => text(childElement(money, cbc, name));
  return {
    id: text(childElement(root, cbc, 'ID')),
    uuid: idView(childElement(root, cbc, 'UUID')),
    issueDate: text(childElement(root, cbc, 'IssueDate')),
    issueTime: text(childElement(root, cbc, 'IssueTime')),
    profileExecutionId: text(childElement(root, cbc, 'ProfileExecutionID')),
    lineCount: text(childElement(root, cbc, 'LineCountNumeric')),
    control: {
      authorization: text(childElement(control, sts, 'InvoiceAuthorization')),
      startDate: text(pathElement(control, [sts, 'AuthorizationPeriod'], [cbc, 'StartDate'])),
      endDate: text(pathElement(control, [sts, 'AuthorizationPeriod'], [cbc, 'EndDate'])),
      prefix: text(pathElement(control, [sts, 'AuthorizedInvoices'], [sts, 'Prefix'])),
      from: text(pathElement(control, [sts, 'AuthorizedInvoices'], [sts, 'From'])),
      to: text(pathElement(control, [sts, 'AuthorizedInvoices'], [sts, 'To'])),
    },
    softwareId: text(pathElement(dian, [sts, 'SoftwareProvider'], [sts, 'SoftwareID'])),
    softwareSecurityCode: text(childElement(dian, sts, 'SoftwareSecurityCode')),
    supplier: {
      companyId: idView(pathElement(supplier, [cac, 'PartyTaxScheme'], [cbc, 'CompanyID'])),
      name: text(pathElement(supplier, [cac, 'PartyTaxScheme'], [cbc, 'RegistrationName'])),
      registrationPrefix: text(pathElement(supplier, [cac, 'PartyLegalEntity'], [cac, 'CorporateRegistrationScheme'], [cbc, 'ID'])),
    },
    customer: { companyId: idView(pathElement(customer, [cac, 'PartyTaxScheme'], [cbc, 'CompanyID'])) },
    taxTotals: taxTotals(root),
    totals: {
      lineExtension: amount('LineExtensionAmount'), taxExclusive: amount('TaxExclusiveAmount'),
      taxInclusive: amount('TaxInclusiveAmount'), allowance: amount('AllowanceTotalAmount'), charge: amount('ChargeTotalAmount'),
      prepaid: amount('PrepaidAmount'), rounding: amount('PayableRoundingAmount'), payable: amount('PayableAmount'),
    },
    lines: childElements(root, cac, 'InvoiceLine').map((line) => ({
      lineExtension: text(childElement(line, cbc, 'LineExtensionAmount')),
      taxTotals: taxTotals(line),
    })),
  };
}
