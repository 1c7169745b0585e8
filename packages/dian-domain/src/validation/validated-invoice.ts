import type { Decimal } from '../money/decimal.ts';
import type { TaxCode } from '../tax/tax-rules.ts';
import type { InvoiceTotals } from '../totals/compute-totals.ts';

/** A request that passed every check, normalised for the builder: exact decimals, NIT split from its DV. */
export type ValidatedCustomer = {
  documentType: '31' | '13' | '22';
  documentNumber: string;
  /** Check digit, for NIT buyers only. */
  dv?: number;
  name: string;
  email?: string;
  address?: { line: string; cityCode: string; countryCode: 'CO' };
  taxLevelCodes: readonly string[];
};

export type ValidatedLine = {
  code: string;
  name: string;
  quantity: Decimal;
  unitPrice: Decimal;
  unitCode: string;
  taxes: readonly { code: TaxCode; rate: Decimal }[];
};

export type ValidatedInvoice = {
  customer: ValidatedCustomer;
  lines: readonly ValidatedLine[];
  payment: { methodCode: string; dueDate?: string };
  number?: number;
  prefix?: string;
  notes?: string;
  totals: InvoiceTotals;
};
