import type { DocumentKind } from './document-kind.ts';

/**
 * Everything the PDF prints, as strings from the signed document. Amounts stay the XML's exact texts: the PDF never
 * recomputes what was signed, it only formats it. Codes stay codes; labels are the layout's job.
 */
export type PartyAddress = {
  line?: string;
  city?: string;
  department?: string;
  country?: string;
};

export type PartyView = {
  name: string;
  /** Trade name (cac:PartyName), when it differs from the legal name. */
  tradeName?: string;
  /** DIAN identification type (table 13.2.1): '31' NIT, '13' CC, '22' CE … */
  documentType: string;
  documentNumber: string;
  /** NIT check digit, present only for NIT. */
  dv?: string;
  /** '1' persona jurídica, '2' persona natural. */
  personType?: string;
  /** Fiscal responsibilities (TaxLevelCode), e.g. ['O-13', 'O-15']. */
  taxLevelCodes: string[];
  /** Party tax scheme: '01' IVA, '04' INC, 'ZA', 'ZZ'. */
  taxScheme?: string;
  address?: PartyAddress;
  email?: string;
  phone?: string;
};

export type TaxView = {
  code: string;
  name: string;
  rate: string;
  base: string;
  amount: string;
  /** A per-unit tax (INC bolsas, IBUA): PerUnitAmount per unit of unitCode, BaseUnitMeasure units. */
  perUnit?: { amount: string; measure: string; unitCode: string };
};

/** A discount or charge (cac:AllowanceCharge) on a line or on the whole document, as signed. */
export type AdjustmentView = {
  charge: boolean;
  /** Discounts: '00' no condicionado, '01' condicionado (annex table 13.3.8). */
  reasonCode?: string;
  reason: string;
  /** MultiplierFactorNumeric: the percentage of the base. */
  percent?: string;
  base?: string;
  amount: string;
};

export type LineView = {
  id: string;
  code: string;
  description: string;
  quantity: string;
  unitCode: string;
  unitPrice: string;
  /** LineExtensionAmount. */
  base: string;
  taxes: TaxView[];
  /** The line's discounts and charges: what turns quantity × price into its base. */
  adjustments: AdjustmentView[];
  /** Base plus the line's taxes, 2 decimals. */
  total: string;
  /** The line's cbc:Note (an AIU invoice's Administración line names the contract). */
  note?: string;
  /** A mandate line's principal (Item/InformationContentProviderParty/PowerOfAttorney/AgentParty). */
  principal?: { documentType: string; documentNumber: string; dv?: string; name?: string };
};

/** What a credit or debit note adds (annex §10.1–10.2): why it was issued and which invoice it corrects. */
export type NoteView = {
  /** DiscrepancyResponse/ResponseCode: annex table 13.2.4 (credit) or 13.2.5 (debit). */
  concept: string;
  /** DiscrepancyResponse/Description, when present. */
  description?: string;
  /** BillingReference/InvoiceDocumentReference: the invoice's number, CUFE and issue date; absent on a 22/32 note. */
  referencedInvoice?: { documentId: string; cufe: string; issueDate: string };
  /** cac:InvoicePeriod of a note without a referenced invoice. */
  invoicePeriod?: { startDate: string; endDate: string };
};

export type InvoiceView = {
  /** Which document this is: the root element of the XML. */
  kind: DocumentKind;
  /** CustomizationID: '10' estándar, '09' AIU, '11' mandatos (a note's: 20, 22, 30, 32). */
  operationType?: string;
  documentId: string;
  /** cbc:UUID: the invoice's CUFE, or a note's CUDE. */
  cufe: string;
  /** '1' production, '2' habilitación (ProfileExecutionID). */
  environment: '1' | '2';
  issueDate: string;
  /** HH:MM:SS-05:00 as signed. */
  issueTime: string;
  dueDate?: string;
  /** DocumentCurrencyCode: every amount of the view is in it. */
  currency: string;
  /**
   * cac:PaymentExchangeRate of a document in another currency: pesos per unit (CalculationRate), its date, and the
   * payable total in pesos at that rate (rounded half-up to the cent).
   */
  exchangeRate?: { rate: string; date: string; payableInPesos: string };
  /** cac:DeliveryTerms of an export (type 02): the Incoterm, its name, and any further terms. */
  deliveryTerms?: { incoterm: string; name?: string; specialTerms?: string };
  notes: string[];
  /** The invoice's numbering authorization (sts:InvoiceControl); notes have none (annex §10.1). */
  resolution?: {
    authorizationNumber: string;
    startDate: string;
    endDate: string;
    prefix: string;
    from: string;
    to: string;
  };
  supplier: PartyView;
  customer: PartyView;
  /** '1' contado, '2' crédito; means: DIAN MediosPago code. Required on an invoice, optional on a note. */
  payment?: { form: string; meansCode: string; dueDate?: string };
  /** Present on a credit or debit note only. */
  note?: NoteView;
  lines: LineView[];
  /** Discounts and charges on the whole document, after taxes. */
  adjustments: AdjustmentView[];
  /** Document TaxTotal subtotals: one per tax code and rate. */
  taxes: TaxView[];
  /** The buyer's withholdings (cac:WithholdingTaxTotal: ReteIVA, ReteRenta, ReteICA), informative. */
  withholdings: TaxView[];
  totals: {
    lineExtension: string;
    taxExclusive: string;
    taxInclusive: string;
    allowance: string;
    charge: string;
    prepaid: string;
    payable: string;
    /** Σ by tax code of the document taxes ('01' IVA, '04' INC …), 2 decimals. */
    byTaxCode: Record<string, string>;
  };
  /** The text of DIAN's QR (annex §4.2) and the public lookup URL for the environment. */
  qrContent: string;
  lookupUrl: string;
  softwareProvider: { nit: string; dv?: string; name?: string };
  /** DIAN's acceptance instant (ISO 8601), once the invoice was accepted. */
  validatedAt?: string;
  /** True when the XML carries a ds:Signature. */
  signed: boolean;
  /** An invoice of InvoiceTypeCode 04: issued while DIAN was unavailable (docs/contingency.md). */
  contingency?: true;
};
