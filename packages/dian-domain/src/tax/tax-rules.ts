import { compareDecimal, parseDecimal, type Decimal } from '../money/decimal.ts';

/**
 * The taxes a sales invoice line may carry (docs/api.md, "Create an invoice"; annex 1.9 §8, table 13.2.2): by a
 * percentage of the line's base, or by an amount per unit of measure. The XML carries DIAN's own name for the code,
 * whatever name the request sent.
 */
export type TaxCode =
  | '01'
  | '03'
  | '04'
  | '35'
  | '22'
  | '34'
  | '08'
  | '20'
  | '21'
  | '26'
  | '30'
  | '36'
  | '02'
  | '23'
  | '24'
  | '25'
  | '32'
  | '33';

/** PerUnitAmount × BaseUnitMeasure (annex §3.8): the amount per unit, the unit, and how many units the line holds. */
export type PerUnitTax = { amount: Decimal; unitCode: string; measure: Decimal };
/** One tax on a line: a percentage (`rate`) or a per-unit amount (`perUnit`), never both. */
export type LineTaxInput = { code: TaxCode; rate?: Decimal; perUnit?: PerUnitTax };

type TaxRule = {
  name: string;
  /**
   * The rates (or per-unit amounts) allowed: a list; 'municipal' where each municipality sets its own (ICA);
   * 'percent' any rate above 0 and at most 100, 'any' any amount above 0, where the law or the product sets it.
   */
  allowed: readonly string[] | 'municipal' | 'percent' | 'any';
  /** A per-unit tax's default unit (BaseUnitMeasure/@unitCode): a bag, a millilitre; the request may name another. */
  perUnit?: { unitCode: string };
};

export const taxRules: Record<TaxCode, TaxRule> = {
  '01': { name: 'IVA', allowed: ['0', '5', '19'] },
  '04': { name: 'INC', allowed: ['2', '4', '8', '16'] },
  // ICA's per-mil rates are written as percentages: 9.66 ‰ is 0.966 (annex reference §8.1).
  '03': { name: 'ICA', allowed: 'municipal' },
  // Ley 2277 de 2022: 10 % from November 2023, 15 % in 2024, 20 % from 2025 (annex reference §8.2).
  '35': { name: 'ICUI', allowed: ['10', '15', '20'] },
  // The per-bag value follows the UVT each year (Art. 512-15 ET), so any amount above 0.
  '22': { name: 'INC Bolsas', allowed: 'any', perUnit: { unitCode: '94' } },
  // Ley 2277: $18/$35, $28/$55, $38/$65 per 100 ml by sugar content (reference §8.2), per millilitre here.
  '34': { name: 'IBUA', allowed: ['0.18', '0.35', '0.28', '0.55', '0.38', '0.65'], perUnit: { unitCode: 'MLT' } },
  // The rest of table 13.2.2 a seller charges (reference §8.1): each rate or amount is set per product, department or
  // year, so the product checks only its sign and, for a rate, at most 100 (docs/choices.md, "The other taxes").
  '08': { name: 'IC Porcentual', allowed: 'percent' },
  '20': { name: 'FtoHorticultura', allowed: 'percent' },
  '21': { name: 'Timbre', allowed: 'percent' },
  '26': { name: 'Sordicom', allowed: 'percent' },
  '30': { name: 'IC Datos', allowed: 'percent' },
  '36': { name: 'ADV', allowed: 'percent' },
  '02': { name: 'IC', allowed: 'any', perUnit: { unitCode: '94' } },
  '23': { name: 'INCarbono', allowed: 'any', perUnit: { unitCode: '94' } },
  '24': { name: 'INCombustibles', allowed: 'any', perUnit: { unitCode: '94' } },
  '25': { name: 'Sobretasa Combustibles', allowed: 'any', perUnit: { unitCode: '94' } },
  '32': { name: 'ICL', allowed: 'any', perUnit: { unitCode: '94' } },
  '33': { name: 'INPP', allowed: 'any', perUnit: { unitCode: '94' } },
};

/** The document's TaxTotals in this order: IVA and INC first, as before the others existed, then by code. */
export const taxTotalOrder: readonly TaxCode[] = [
  '01',
  '04',
  '03',
  '35',
  '22',
  '34',
  '02',
  '08',
  '20',
  '21',
  '23',
  '24',
  '25',
  '26',
  '30',
  '32',
  '33',
  '36',
];

/** True when `value` (the rate, or the per-unit amount of a per-unit tax) is one the tax allows. */
export function isAllowedRate(code: TaxCode, value: Decimal): boolean {
  const allowed = taxRules[code].allowed;
  if (allowed === 'any') return value.units > 0n;
  if (allowed === 'municipal' || allowed === 'percent')
    return value.units > 0n && compareDecimal(value, parseDecimal('100')) <= 0;
  return allowed.some((a) => compareDecimal(parseDecimal(a), value) === 0);
}

/** The rates or per-unit amounts a tax allows, as an error names them. */
export function allowedRatesText(code: TaxCode): string {
  const allowed = taxRules[code].allowed;
  if (allowed === 'any') return 'any amount above 0';
  if (allowed === 'municipal') return 'any rate above 0 and at most 100 (the municipality sets it)';
  if (allowed === 'percent') return 'any rate above 0 and at most 100';
  return allowed.join(', ');
}

/** Only these document-level taxes enter the CUFE, always in this order (annex §1.1). */
export const cufeTaxOrder = ['01', '04', '03'] as const;
