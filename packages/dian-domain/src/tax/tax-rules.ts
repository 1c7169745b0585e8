import { compareDecimal, parseDecimal, type Decimal } from '../money/decimal.ts';

/**
 * The taxes a sales invoice line may carry in v1 (docs/api.md, "Create an invoice"; annex 1.9 §8, table 13.3.11).
 * The XML carries DIAN's own name for the code, whatever name the request sent.
 */
export type TaxCode = '01' | '04';

export const taxRules: Record<TaxCode, { name: string; allowedRates: readonly string[] }> = {
  '01': { name: 'IVA', allowedRates: ['0', '5', '19'] },
  '04': { name: 'INC', allowedRates: ['2', '4', '8', '16'] },
};

export function isAllowedRate(code: TaxCode, rate: Decimal): boolean {
  return taxRules[code].allowedRates.some((allowed) => compareDecimal(parseDecimal(allowed), rate) === 0);
}

/** Only these document-level taxes enter the CUFE, always in this order (annex §1.1). */
export const cufeTaxOrder = ['01', '04', '03'] as const;
