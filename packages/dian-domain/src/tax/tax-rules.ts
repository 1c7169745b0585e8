import { compareDecimal, parseDecimal, type Decimal } from '../money/decimal.ts';

/**
 * The taxes a sales invoice line may carry in v1 (docs/api.md, "Create an invoice"; annex 1.9 §8, table 13.3.11).
 * The XML carries DIAN's own name for the code, whatever name the request sent.
 */
export type TaxCode = '01' | '03' | '04' | '35';

/**
 * Each tax's rates: a list (table 13.3.11), or any rate above 0 and at most 100 where each municipality sets its own
 * (ICA's per-mil rates: 9.66 ‰ is 0.966).
 */
export const taxRules: Record<TaxCode, { name: string; allowedRates: readonly string[] | 'municipal' }> = {
  '01': { name: 'IVA', allowedRates: ['0', '5', '19'] },
  '03': { name: 'ICA', allowedRates: 'municipal' },
  '04': { name: 'INC', allowedRates: ['2', '4', '8', '16'] },
  // Ley 2277 de 2022: 10 % from November 2023, 15 % in 2024, 20 % from 2025 (annex reference §8.2).
  '35': { name: 'ICUI', allowedRates: ['10', '15', '20'] },
};

/** The document's TaxTotals in this order: IVA and INC first, as before ICA and ICUI existed. */
export const taxTotalOrder: readonly TaxCode[] = ['01', '04', '03', '35'];

export function isAllowedRate(code: TaxCode, rate: Decimal): boolean {
  const allowed = taxRules[code].allowedRates;
  if (allowed === 'municipal') return rate.units > 0n && compareDecimal(rate, parseDecimal('100')) <= 0;
  return allowed.some((a) => compareDecimal(parseDecimal(a), rate) === 0);
}

/** The rates a tax allows, as an error names them. */
export const allowedRatesText = (code: TaxCode): string => {
  const allowed = taxRules[code].allowedRates;
  return allowed === 'municipal' ? 'any rate above 0 and at most 100 (the municipality sets it)' : allowed.join(', ');
};

/** Only these document-level taxes enter the CUFE, always in this order (annex §1.1). */
export const cufeTaxOrder = ['01', '04', '03'] as const;
