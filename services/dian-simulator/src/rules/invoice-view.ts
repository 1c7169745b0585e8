import { attribute, childElement, childElements, childIndex, isElement, pathElement, textOf, type XmlElement } from '../xml/light-xml.ts';

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
export type AllowanceChargeView = { charge: boolean; amount: string | undefined };
export type LineView = {
  lineExtension: string | undefined; taxTotals: TaxTotalView[];
  quantity: string | undefined; baseQuantity: string | undefined; price: string | undefined;
  description: string | undefined; allowanceCharges: AllowanceChargeView[];
  /** @unitCode of cbc:InvoicedQuantity and of cac:Price/cbc:BaseQuantity (when present). */
  unitCodes: (string | null)[];
  /** cac:Item/cac:StandardItemIdentification/cbc:ID, undefined when the group is absent. */
  standardItemId: IdView | undefined;
};
export type IdView = { value: string | undefined; schemeId: string | null; schemeName: string | null };
/** An address's DANE municipality code (cbc:ID) and country (cac:Country/cbc:IdentificationCode). */
export type AddressView = { cityCode: string | undefined; country: string | undefined };
/** cac:BillingReference's note references: the CUDE in each Credit/DebitNoteDocumentReference/cbc:UUID. */
export type NoteReferencesView = { creditNotes: (string | undefined)[]; debitNotes: (string | undefined)[] };

export type InvoiceView = {
  customizationId: string | undefined;
  invoiceTypeCode: string | undefined;
  documentCurrency: string | undefined;
  /** The distinct `@currencyID` values of the document outside ext:UBLExtensions. */
  currencies: Set<string>;
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
  /** sts:SoftwareProvider/sts:ProviderID, sts:AuthorizationProvider/sts:AuthorizationProviderID, sts:QRCode. */
  softwareProvider: IdView;
  authorizationProvider: IdView;
  qrCode: string | undefined;
  supplier: {
    companyId: IdView; name: string | undefined; registrationPrefix: string | undefined; additionalAccountId: string | undefined; taxLevelCode: string | undefined;
    addresses: AddressView[];
  };
  customer: { companyId: IdView; additionalAccountId: string | undefined; partyIdentification: IdView | undefined; addresses: AddressView[] };
  noteReferences: NoteReferencesView;
  /** How many ext:UBLExtension hold an sts:DianExtensions (FAB03: one). */
  dianExtensionCount: number;
  /** cac:AdditionalDocumentReference: its cbc:ID and cbc:UUID (FAI01–03, contingency invoices). */
  additionalDocuments: { id: string | undefined; uuid: string | undefined }[];
  /** Whether cac:PaymentExchangeRate is present (FAR01, a currency other than COP). */
  hasPaymentExchangeRate: boolean;
  /** Whether some cac:Delivery lacks cbc:ActualDeliveryDate. */
  deliveryWithoutDate: boolean;
  paymentMeans: { id: string | undefined; dueDate: string | undefined }[];
  /** Document-level cac:AllowanceCharge, and cac:PrepaidPayment/cbc:PaidAmount. */
  allowanceCharges: AllowanceChargeView[];
  prepaidPayments: (string | undefined)[];
  taxTotals: TaxTotalView[];
  totals: Record<'lineExtension' | 'taxExclusive' | 'taxInclusive' | 'allowance' | 'charge' | 'prepaid' | 'rounding' | 'payable', string | undefined>;
  lines: LineView[];
};

const text = (el: XmlElement | undefined) => textOf(el)?.trim();
const idView = (el: XmlElement | undefined): IdView => ({
  value: text(el), schemeId: attribute(el, 'schemeID'), schemeName: attribute(el, 'schemeName'),
});

const allowanceCharge = (element: XmlElement): AllowanceChargeView => ({
  charge: text(childElement(element, cbc, 'ChargeIndicator')) === 'true',
  amount: text(childElement(element, cbc, 'Amount')),
});

/** cac:PhysicalLocation/cac:Address and cac:PartyTaxScheme/cac:RegistrationAddress of a party, those present. */
function addressesOf(party: XmlElement | undefined): AddressView[] {
  const found = [
    pathElement(party, [cac, 'PhysicalLocation'], [cac, 'Address']),
    pathElement(party, [cac, 'PartyTaxScheme'], [cac, 'RegistrationAddress']),
  ];
  return found.filter((a) => a !== undefined).map((a) => ({
    cityCode: text(childElement(a, cbc, 'ID')),
    country: text(pathElement(a, [cac, 'Country'], [cbc, 'IdentificationCode'])),
  }));
}

function noteReferences(references: XmlElement[]): NoteReferencesView {
  const uuids = (local: string) => references.flatMap((r) => childElements(r, cac, local)).map((d) => text(childElement(d, cbc, 'UUID')));
  return { creditNotes: uuids('CreditNoteDocumentReference'), debitNotes: uuids('DebitNoteDocumentReference') };
}

function taxTotal(total: XmlElement): TaxTotalView {
  return {
    amount: text(childElement(total, cbc, 'TaxAmount')),
    subtotals: childElements(total, cac, 'TaxSubtotal').map((sub) => {
      const category = childElement(sub, cac, 'TaxCategory');
      return {
        scheme: text(pathElement(category, [cac, 'TaxScheme'], [cbc, 'ID'])),
        percent: text(childElement(category, cbc, 'Percent')),
        taxable: text(childElement(sub, cbc, 'TaxableAmount')),
        amount: text(childElement(sub, cbc, 'TaxAmount')),
      };
    }),
  };
}

export function readInvoiceView(root: XmlElement): InvoiceView {
  // One pass over the root's ~40 children instead of a scan per field.
  const top = childIndex(root);
  const first = (ns: string, local: string) => top.get(local)?.find((e) => e.ns === ns);
  const dianExtensions = childElements(first(ext, 'UBLExtensions') ?? root, ext, 'UBLExtension')
    .map((e) => pathElement(e, [ext, 'ExtensionContent'], [sts, 'DianExtensions']))
    .filter((e) => e !== undefined);
  const dian = dianExtensions[0];
  const control = childElement(dian, sts, 'InvoiceControl');
  const period = childElement(control, sts, 'AuthorizationPeriod');
  const authorized = childElement(control, sts, 'AuthorizedInvoices');
  const supplierParty = first(cac, 'AccountingSupplierParty');
  const supplier = childElement(supplierParty, cac, 'Party');
  const supplierScheme = childElement(supplier, cac, 'PartyTaxScheme');
  const customerParty = first(cac, 'AccountingCustomerParty');
  const customer = childElement(customerParty, cac, 'Party');
  const customerIdentification = childElement(customer, cac, 'PartyIdentification');
  const money = first(cac, 'LegalMonetaryTotal');
  const amount = (name: string) => text(childElement(money, cbc, name));
  const all = (ns: string, local: string) => top.get(local)?.filter((e) => e.ns === ns) ?? [];
  const documentCurrency = text(first(cbc, 'DocumentCurrencyCode'));
  return {
    customizationId: text(first(cbc, 'CustomizationID')),
    invoiceTypeCode: text(first(cbc, 'InvoiceTypeCode')),
    documentCurrency,
    currencies: currenciesOf(root),
    id: text(first(cbc, 'ID')),
    uuid: idView(first(cbc, 'UUID')),
    issueDate: text(first(cbc, 'IssueDate')),
    issueTime: text(first(cbc, 'IssueTime')),
    profileExecutionId: text(first(cbc, 'ProfileExecutionID')),
    lineCount: text(first(cbc, 'LineCountNumeric')),
    control: {
      authorization: text(childElement(control, sts, 'InvoiceAuthorization')),
      startDate: text(childElement(period, cbc, 'StartDate')),
      endDate: text(childElement(period, cbc, 'EndDate')),
      prefix: text(childElement(authorized, sts, 'Prefix')),
      from: text(childElement(authorized, sts, 'From')),
      to: text(childElement(authorized, sts, 'To')),
    },
    softwareId: text(pathElement(dian, [sts, 'SoftwareProvider'], [sts, 'SoftwareID'])),
    softwareSecurityCode: text(childElement(dian, sts, 'SoftwareSecurityCode')),
    softwareProvider: idView(pathElement(dian, [sts, 'SoftwareProvider'], [sts, 'ProviderID'])),
    authorizationProvider: idView(pathElement(dian, [sts, 'AuthorizationProvider'], [sts, 'AuthorizationProviderID'])),
    qrCode: text(childElement(dian, sts, 'QRCode')),
    supplier: {
      companyId: idView(childElement(supplierScheme, cbc, 'CompanyID')),
      name: text(childElement(supplierScheme, cbc, 'RegistrationName')),
      registrationPrefix: text(pathElement(supplier, [cac, 'PartyLegalEntity'], [cac, 'CorporateRegistrationScheme'], [cbc, 'ID'])),
      additionalAccountId: text(childElement(supplierParty, cbc, 'AdditionalAccountID')),
      taxLevelCode: text(childElement(supplierScheme, cbc, 'TaxLevelCode')),
      addresses: addressesOf(supplier),
    },
    customer: {
      companyId: idView(pathElement(customer, [cac, 'PartyTaxScheme'], [cbc, 'CompanyID'])),
      additionalAccountId: text(childElement(customerParty, cbc, 'AdditionalAccountID')),
      partyIdentification: customerIdentification && idView(childElement(customerIdentification, cbc, 'ID')),
      addresses: addressesOf(customer),
    },
    noteReferences: noteReferences(all(cac, 'BillingReference')),
    dianExtensionCount: dianExtensions.length,
    additionalDocuments: all(cac, 'AdditionalDocumentReference').map((d) => ({ id: text(childElement(d, cbc, 'ID')), uuid: text(childElement(d, cbc, 'UUID')) })),
    hasPaymentExchangeRate: all(cac, 'PaymentExchangeRate').length > 0,
    deliveryWithoutDate: all(cac, 'Delivery').some((d) => !text(childElement(d, cbc, 'ActualDeliveryDate'))),
    paymentMeans: all(cac, 'PaymentMeans').map((p) => ({ id: text(childElement(p, cbc, 'ID')), dueDate: text(childElement(p, cbc, 'PaymentDueDate')) })),
    allowanceCharges: all(cac, 'AllowanceCharge').map(allowanceCharge),
    prepaidPayments: all(cac, 'PrepaidPayment').map((p) => text(childElement(p, cbc, 'PaidAmount'))),
    taxTotals: all(cac, 'TaxTotal').map(taxTotal),
    totals: {
      lineExtension: amount('LineExtensionAmount'), taxExclusive: amount('TaxExclusiveAmount'),
      taxInclusive: amount('TaxInclusiveAmount'), allowance: amount('AllowanceTotalAmount'), charge: amount('ChargeTotalAmount'),
      prepaid: amount('PrepaidAmount'), rounding: amount('PayableRoundingAmount'), payable: amount('PayableAmount'),
    },
    lines: all(cac, 'InvoiceLine').map((line) => {
      const price = childElement(line, cac, 'Price');
      const baseQuantity = childElement(price, cbc, 'BaseQuantity');
      const standard = pathElement(line, [cac, 'Item'], [cac, 'StandardItemIdentification']);
      return {
        unitCodes: [attribute(childElement(line, cbc, 'InvoicedQuantity'), 'unitCode'), ...(baseQuantity ? [attribute(baseQuantity, 'unitCode')] : [])],
        standardItemId: standard && idView(childElement(standard, cbc, 'ID')),
        lineExtension: text(childElement(line, cbc, 'LineExtensionAmount')),
        taxTotals: childElements(line, cac, 'TaxTotal').map(taxTotal),
        quantity: text(childElement(line, cbc, 'InvoicedQuantity')),
        baseQuantity: text(childElement(price, cbc, 'BaseQuantity')),
        price: text(childElement(price, cbc, 'PriceAmount')),
        description: text(pathElement(line, [cac, 'Item'], [cbc, 'Description'])),
        allowanceCharges: childElements(line, cac, 'AllowanceCharge').map(allowanceCharge),
      };
    }),
  };
}

/**
 * Every `@currencyID` of the document, skipping ext:UBLExtensions (where DIAN allows COP totals
 * beside a foreign-currency document). A walk of the tree: a few microseconds for an invoice.
 */
function currenciesOf(root: XmlElement): Set<string> {
  const found = new Set<string>();
  const walk = (element: XmlElement) => {
    for (const a of element.attributes) if (a.local === 'currencyID' && a.ns === '') found.add(a.value.trim());
    for (const c of element.children) if (isElement(c)) walk(c);
  };
  for (const c of root.children) if (isElement(c) && !(c.local === 'UBLExtensions' && c.ns === ext)) walk(c);
  return found;
}
