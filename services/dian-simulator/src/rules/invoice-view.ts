import {
  attribute,
  childElement,
  childElements,
  childIndex,
  isElement,
  pathElement,
  textOf,
  type XmlElement,
} from '../xml/light-xml.ts';

/**
 * The fields of a UBL invoice, credit note or debit note the rules read, taken once from the tree. Values are the exact
 * strings of the XML (amounts are compared as such, in cents), undefined when absent.
 */
export const ubl = {
  cbc: 'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2',
  cac: 'urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2',
  ext: 'urn:oasis:names:specification:ubl:schema:xsd:CommonExtensionComponents-2',
  sts: 'dian:gov:co:facturaelectronica:Structures-2-1',
  invoice: 'urn:oasis:names:specification:ubl:schema:xsd:Invoice-2',
  creditNote: 'urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2',
  debitNote: 'urn:oasis:names:specification:ubl:schema:xsd:DebitNote-2',
  applicationResponse: 'urn:oasis:names:specification:ubl:schema:xsd:ApplicationResponse-2',
} as const;

/** The three documents the simulator judges, by their root element. */
export type DocumentKind = 'invoice' | 'credit-note' | 'debit-note';
/**
 * Per kind: its root's name and namespace, its lines, their quantity and its totals' group (reference
 * §10.1–10.2: a debit note's totals are cac:RequestedMonetaryTotal, not LegalMonetaryTotal).
 */
const documentKinds = {
  invoice: {
    root: 'Invoice',
    ns: ubl.invoice,
    line: 'InvoiceLine',
    quantity: 'InvoicedQuantity',
    totals: 'LegalMonetaryTotal',
  },
  'credit-note': {
    root: 'CreditNote',
    ns: ubl.creditNote,
    line: 'CreditNoteLine',
    quantity: 'CreditedQuantity',
    totals: 'LegalMonetaryTotal',
  },
  'debit-note': {
    root: 'DebitNote',
    ns: ubl.debitNote,
    line: 'DebitNoteLine',
    quantity: 'DebitedQuantity',
    totals: 'RequestedMonetaryTotal',
  },
} as const satisfies Record<DocumentKind, { root: string; ns: string; line: string; quantity: string; totals: string }>;

/** The kind of a root element, undefined for any other document. */
export function kindOf(root: XmlElement): DocumentKind | undefined {
  for (const kind of ['invoice', 'credit-note', 'debit-note'] as const) {
    if (root.local === documentKinds[kind].root && root.ns === documentKinds[kind].ns) return kind;
  }
  return undefined;
}
const { cbc, cac, ext, sts } = ubl;

export type TaxSubtotalView = {
  scheme: string | undefined;
  percent: string | undefined;
  /** A per-unit tax's BaseUnitMeasure and PerUnitAmount (annex §3.8). */
  baseUnitMeasure: string | undefined;
  /** BaseUnitMeasure/@unitCode: two per-unit subtotals of one amount in different units are two groups. */
  baseUnitCode: string | undefined;
  perUnitAmount: string | undefined;
  taxable: string | undefined;
  amount: string | undefined;
};
export type TaxTotalView = { amount: string | undefined; subtotals: TaxSubtotalView[] };
type AllowanceChargeView = { charge: boolean; amount: string | undefined };
type LineView = {
  lineExtension: string | undefined;
  taxTotals: TaxTotalView[];
  quantity: string | undefined;
  baseQuantity: string | undefined;
  price: string | undefined;
  description: string | undefined;
  allowanceCharges: AllowanceChargeView[];
  /** @unitCode of cbc:InvoicedQuantity and of cac:Price/cbc:BaseQuantity (when present). */
  unitCodes: (string | null)[];
  /** cac:Item/cac:StandardItemIdentification/cbc:ID, undefined when the group is absent. */
  standardItemId: IdView | undefined;
  /** The line's cbc:ID with its schemeID (on a mandate invoice: 0 the seller's income, 1 a principal's). */
  lineId: IdView;
  /** The line's cbc:Note texts (an AIU invoice's Administración line, FAV03). */
  notes: string[];
  /** Item/InformationContentProviderParty/PowerOfAttorney/AgentParty/PartyIdentification/cbc:ID: a principal. */
  principalId: IdView | undefined;
};
type IdView = { value: string | undefined; schemeId: string | null; schemeName: string | null };
/** An address's DANE municipality code (cbc:ID) and country (cac:Country/cbc:IdentificationCode). */
export type AddressView = { cityCode: string | undefined; country: string | undefined };
/** cac:BillingReference's note references: the CUDE in each Credit/DebitNoteDocumentReference/cbc:UUID. */
type NoteReferencesView = { creditNotes: (string | undefined)[]; debitNotes: (string | undefined)[] };

/** cac:PaymentExchangeRate, each field as written. */
type ExchangeRateView = Record<
  'sourceCurrency' | 'sourceBaseRate' | 'targetCurrency' | 'targetBaseRate' | 'calculationRate' | 'date',
  string | undefined
>;

/** What a credit or debit note adds to the view (reference §10.1–10.2). */
type NoteView = {
  typeCode: string | undefined;
  concepts: (string | undefined)[];
  invoiceReferences: { id: string | undefined; uuid: IdView; issueDate: string | undefined }[];
  /** Whether it has a cac:InvoicePeriod (the period a note without invoices covers). */
  hasInvoicePeriod: boolean;
};

export type InvoiceView = {
  kind: DocumentKind;
  /** Undefined for an invoice. */
  note: NoteView | undefined;
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
    authorization: string | undefined;
    startDate: string | undefined;
    endDate: string | undefined;
    prefix: string | undefined;
    from: string | undefined;
    to: string | undefined;
  };
  softwareId: string | undefined;
  softwareSecurityCode: string | undefined;
  /** sts:SoftwareProvider/sts:ProviderID, sts:AuthorizationProvider/sts:AuthorizationProviderID, sts:QRCode. */
  softwareProvider: IdView;
  authorizationProvider: IdView;
  qrCode: string | undefined;
  supplier: {
    companyId: IdView;
    name: string | undefined;
    registrationPrefix: string | undefined;
    additionalAccountId: string | undefined;
    taxLevelCode: string | undefined;
    addresses: AddressView[];
    /** Contact/ElectronicMail (FAJ71). */
    email: string | undefined;
  };
  customer: {
    companyId: IdView;
    /** PartyTaxScheme/RegistrationName (the played buyer signs its events with it). */
    name: string | undefined;
    additionalAccountId: string | undefined;
    partyIdentification: IdView | undefined;
    addresses: AddressView[];
  };
  noteReferences: NoteReferencesView;
  /** How many ext:UBLExtension hold an sts:DianExtensions (FAB03: one). */
  dianExtensionCount: number;
  /** cac:AdditionalDocumentReference: its cbc:ID and cbc:UUID (FAI01–03, contingency invoices). */
  additionalDocuments: { id: string | undefined; uuid: string | undefined }[];
  /** cac:PaymentExchangeRate's fields (FAR01–07: a currency other than COP), undefined without one. */
  exchangeRate: ExchangeRateView | undefined;
  /** Each cac:DeliveryTerms' cbc:LossRiskResponsibilityCode, the Incoterm (SIM-EXP01, an export). */
  incoterms: (string | undefined)[];
  /** Whether some cac:Delivery lacks cbc:ActualDeliveryDate. */
  deliveryWithoutDate: boolean;
  paymentMeans: { id: string | undefined; dueDate: string | undefined }[];
  /** Document-level cac:AllowanceCharge, and cac:PrepaidPayment/cbc:PaidAmount. */
  allowanceCharges: AllowanceChargeView[];
  prepaidPayments: (string | undefined)[];
  taxTotals: TaxTotalView[];
  /** Document-level cac:WithholdingTaxTotal: the buyer's withholdings, informative (annex §3.2). */
  withholdingTaxTotals: TaxTotalView[];
  totals: Record<
    'lineExtension' | 'taxExclusive' | 'taxInclusive' | 'allowance' | 'charge' | 'prepaid' | 'rounding' | 'payable',
    string | undefined
  >;
  lines: LineView[];
};

const text = (el: XmlElement | undefined) => textOf(el)?.trim();
const idView = (el: XmlElement | undefined): IdView => ({
  value: text(el),
  schemeId: attribute(el, 'schemeID'),
  schemeName: attribute(el, 'schemeName'),
});

const allowanceCharge = (element: XmlElement): AllowanceChargeView => ({
  charge: text(childElement(element, cbc, 'ChargeIndicator')) === 'true',
  amount: text(childElement(element, cbc, 'Amount')),
});

function exchangeRateOf(rate: XmlElement | undefined): ExchangeRateView | undefined {
  if (!rate) return undefined;
  const field = (local: string) => text(childElement(rate, cbc, local));
  return {
    sourceCurrency: field('SourceCurrencyCode'),
    sourceBaseRate: field('SourceCurrencyBaseRate'),
    targetCurrency: field('TargetCurrencyCode'),
    targetBaseRate: field('TargetCurrencyBaseRate'),
    calculationRate: field('CalculationRate'),
    date: field('Date'),
  };
}

/** cac:PhysicalLocation/cac:Address and cac:PartyTaxScheme/cac:RegistrationAddress of a party, those present. */
function addressesOf(party: XmlElement | undefined): AddressView[] {
  const found = [
    pathElement(party, [cac, 'PhysicalLocation'], [cac, 'Address']),
    pathElement(party, [cac, 'PartyTaxScheme'], [cac, 'RegistrationAddress']),
  ];
  return found
    .filter((a) => a !== undefined)
    .map((a) => ({
      cityCode: text(childElement(a, cbc, 'ID')),
      country: text(pathElement(a, [cac, 'Country'], [cbc, 'IdentificationCode'])),
    }));
}

function noteReferences(references: XmlElement[]): NoteReferencesView {
  const uuids = (local: string) =>
    references.flatMap((r) => childElements(r, cac, local)).map((d) => text(childElement(d, cbc, 'UUID')));
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
        baseUnitMeasure: text(childElement(sub, cbc, 'BaseUnitMeasure')),
        baseUnitCode: attribute(childElement(sub, cbc, 'BaseUnitMeasure'), 'unitCode') ?? undefined,
        perUnitAmount: text(childElement(sub, cbc, 'PerUnitAmount')),
        taxable: text(childElement(sub, cbc, 'TaxableAmount')),
        amount: text(childElement(sub, cbc, 'TaxAmount')),
      };
    }),
  };
}

/** The view of an Invoice, CreditNote or DebitNote root (`kind` from `kindOf`). */
export function readInvoiceView(root: XmlElement, kind: DocumentKind = 'invoice'): InvoiceView {
  const names = documentKinds[kind];
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
  const money = first(cac, names.totals);
  const amount = (name: string) => text(childElement(money, cbc, name));
  const all = (ns: string, local: string) => top.get(local)?.filter((e) => e.ns === ns) ?? [];
  const documentCurrency = text(first(cbc, 'DocumentCurrencyCode'));
  return {
    kind,
    note:
      kind === 'invoice'
        ? undefined
        : {
            typeCode: text(first(cbc, 'CreditNoteTypeCode')),
            concepts: all(cac, 'DiscrepancyResponse').map((d) => text(childElement(d, cbc, 'ResponseCode'))),
            invoiceReferences: all(cac, 'BillingReference')
              .flatMap((r) => childElements(r, cac, 'InvoiceDocumentReference'))
              .map((d) => ({
                id: text(childElement(d, cbc, 'ID')),
                uuid: idView(childElement(d, cbc, 'UUID')),
                issueDate: text(childElement(d, cbc, 'IssueDate')),
              })),
            hasInvoicePeriod: all(cac, 'InvoicePeriod').length > 0,
          },
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
      registrationPrefix: text(
        pathElement(supplier, [cac, 'PartyLegalEntity'], [cac, 'CorporateRegistrationScheme'], [cbc, 'ID']),
      ),
      additionalAccountId: text(childElement(supplierParty, cbc, 'AdditionalAccountID')),
      taxLevelCode: text(childElement(supplierScheme, cbc, 'TaxLevelCode')),
      addresses: addressesOf(supplier),
      email: text(pathElement(supplier, [cac, 'Contact'], [cbc, 'ElectronicMail'])),
    },
    customer: {
      companyId: idView(pathElement(customer, [cac, 'PartyTaxScheme'], [cbc, 'CompanyID'])),
      name: text(pathElement(customer, [cac, 'PartyTaxScheme'], [cbc, 'RegistrationName'])),
      additionalAccountId: text(childElement(customerParty, cbc, 'AdditionalAccountID')),
      partyIdentification: customerIdentification && idView(childElement(customerIdentification, cbc, 'ID')),
      addresses: addressesOf(customer),
    },
    noteReferences: noteReferences(all(cac, 'BillingReference')),
    dianExtensionCount: dianExtensions.length,
    additionalDocuments: all(cac, 'AdditionalDocumentReference').map((d) => ({
      id: text(childElement(d, cbc, 'ID')),
      uuid: text(childElement(d, cbc, 'UUID')),
    })),
    exchangeRate: exchangeRateOf(all(cac, 'PaymentExchangeRate')[0]),
    incoterms: all(cac, 'DeliveryTerms').map((d) => text(childElement(d, cbc, 'LossRiskResponsibilityCode'))),
    deliveryWithoutDate: all(cac, 'Delivery').some((d) => !text(childElement(d, cbc, 'ActualDeliveryDate'))),
    paymentMeans: all(cac, 'PaymentMeans').map((p) => ({
      id: text(childElement(p, cbc, 'ID')),
      dueDate: text(childElement(p, cbc, 'PaymentDueDate')),
    })),
    allowanceCharges: all(cac, 'AllowanceCharge').map(allowanceCharge),
    prepaidPayments: all(cac, 'PrepaidPayment').map((p) => text(childElement(p, cbc, 'PaidAmount'))),
    taxTotals: all(cac, 'TaxTotal').map(taxTotal),
    withholdingTaxTotals: all(cac, 'WithholdingTaxTotal').map(taxTotal),
    totals: {
      lineExtension: amount('LineExtensionAmount'),
      taxExclusive: amount('TaxExclusiveAmount'),
      taxInclusive: amount('TaxInclusiveAmount'),
      allowance: amount('AllowanceTotalAmount'),
      charge: amount('ChargeTotalAmount'),
      prepaid: amount('PrepaidAmount'),
      rounding: amount('PayableRoundingAmount'),
      payable: amount('PayableAmount'),
    },
    lines: all(cac, names.line).map((line) => {
      const price = childElement(line, cac, 'Price');
      const baseQuantity = childElement(price, cbc, 'BaseQuantity');
      const standard = pathElement(line, [cac, 'Item'], [cac, 'StandardItemIdentification']);
      return {
        unitCodes: [
          attribute(childElement(line, cbc, names.quantity), 'unitCode'),
          ...(baseQuantity ? [attribute(baseQuantity, 'unitCode')] : []),
        ],
        standardItemId: standard && idView(childElement(standard, cbc, 'ID')),
        lineExtension: text(childElement(line, cbc, 'LineExtensionAmount')),
        taxTotals: childElements(line, cac, 'TaxTotal').map(taxTotal),
        quantity: text(childElement(line, cbc, names.quantity)),
        baseQuantity: text(childElement(price, cbc, 'BaseQuantity')),
        price: text(childElement(price, cbc, 'PriceAmount')),
        description: text(pathElement(line, [cac, 'Item'], [cbc, 'Description'])),
        allowanceCharges: childElements(line, cac, 'AllowanceCharge').map(allowanceCharge),
        lineId: idView(childElement(line, cbc, 'ID')),
        notes: childElements(line, cbc, 'Note').map((n) => text(n) ?? ''),
        principalId: principalOf(line),
      };
    }),
  };
}

/** A mandate line's principal, undefined when the line names none. */
function principalOf(line: XmlElement): IdView | undefined {
  const party = pathElement(
    line,
    [cac, 'Item'],
    [cac, 'InformationContentProviderParty'],
    [cac, 'PowerOfAttorney'],
    [cac, 'AgentParty'],
    [cac, 'PartyIdentification'],
  );
  return party && idView(childElement(party, cbc, 'ID'));
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
