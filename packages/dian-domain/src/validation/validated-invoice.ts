import type { Decimal } from '../money/decimal.ts';
import type { LineTaxInput } from '../tax/tax-rules.ts';
import type { AllowanceChargeInput } from '../totals/allowance-charge.ts';
import type { InvoiceTotals } from '../totals/compute-totals.ts';

/** Annex table 13.2.1: the identification types a buyer may have. */
export type IdentificationType = '11' | '12' | '13' | '21' | '22' | '31' | '41' | '42' | '47' | '48' | '50';

/** A Colombian address (named by its DANE municipality code) or a foreign one (named in words). */
export type ValidatedAddress =
  | { line: string; cityCode: string; countryCode: 'CO' }
  | { line: string; countryCode: string; cityName: string; region?: string; postalZone?: string };

/** A request that passed every check, normalised for the builder: exact decimals, NIT split from its DV. */
export type ValidatedCustomer = {
  documentType: IdentificationType;
  documentNumber: string;
  /** Check digit, for NIT buyers only. */
  dv?: number;
  /** Annex table 13.2.3: '1' persona jurídica, '2' persona natural. */
  personType: '1' | '2';
  name: string;
  email?: string;
  address?: ValidatedAddress;
  taxLevelCodes: readonly string[];
};

import type { WithholdingTotal } from '../totals/withholdings.ts';

export type ValidatedLine = {
  code: string;
  name: string;
  quantity: Decimal;
  unitPrice: Decimal;
  unitCode: string;
  taxes: readonly LineTaxInput[];
  allowanceCharges: readonly AllowanceChargeInput[];
  /** A free item or sample, valued at the reference price (PricingReference, table 13.3.9 price type). */
  freeOfCharge?: { referencePrice: Decimal; priceTypeCode: '01' | '02' | '03' };
  /** The line's cbc:Note: on an AIU invoice, the Administración line's (FAV03). */
  note?: string;
  /** On an AIU invoice, which of its three parts the line is (the contract lines have none). */
  aiuPart?: AiuPart;
  /** The principal (mandante) the line is sold for, on a mandate invoice (InformationContentProviderParty). */
  principal?: ValidatedPrincipal;
};

/** Administración, Imprevistos, Utilidad. */
export type AiuPart = 'administration' | 'unforeseen' | 'profit';

/** A mandate line's principal: identified as a buyer is (NIT split from its DV). */
export type ValidatedPrincipal = {
  documentType: IdentificationType;
  documentNumber: string;
  dv?: number;
  name: string;
};

/** Annex table TipoOperacionF: 10 estándar, 09 AIU, 11 mandatos (the invoice's CustomizationID). */
export type OperationType = '10' | '09' | '11';

/** An advance received before the invoice (cac:PrepaidPayment). */
export type ValidatedPrepaidPayment = { id: string; amount: Decimal; receivedDate: string };

export type ValidatedInvoice = {
  /** 10 unless the request is an AIU contract (09) or has a line sold for a principal (11). */
  operationType: OperationType;
  customer: ValidatedCustomer;
  lines: readonly ValidatedLine[];
  payment: { methodCode: string; dueDate?: string };
  allowanceCharges: readonly AllowanceChargeInput[];
  prepaidPayments: readonly ValidatedPrepaidPayment[];
  /** The buyer's withholdings, computed (cac:WithholdingTaxTotal; informative, outside the totals and the CUFE). */
  withholdings: readonly WithholdingTotal[];
  number?: number;
  prefix?: string;
  notes?: string;
  /** The paper invoice this one transcribes (type 03, AdditionalDocumentReference; docs/contingency.md). */
  paperDocument?: { number: string; issueDate: string };
  /** A currency other than COP (DocumentCurrencyCode): every amount is in it; `rate` is pesos per unit. */
  currency?: ValidatedCurrency;
  /** An export sale (InvoiceTypeCode 02): its Incoterm (cac:DeliveryTerms). */
  export?: { incoterm: string; specialTerms?: string };
  totals: InvoiceTotals;
};

/** A document currency other than the peso and its rate to COP (cac:PaymentExchangeRate). */
export type ValidatedCurrency = { code: string; rate: Decimal; rateDate: string };
