import { compareDecimal, formatDecimal, multiply, roundHalfUp, shiftLeft, type Decimal } from '../money/decimal.ts';
import type { TaxCode } from '../tax/tax-rules.ts';

/**
 * Line and document totals (decisions.md "Money"; annex §3.8–3.9):
 * - line base = quantity × unit price, rounded half-up to cents;
 * - each line tax = base × rate / 100, rounded half-up to cents;
 * - document totals are sums of the rounded line values, so the XML adds up exactly.
 * All values are bigint cents.
 */
export type LineInput = {
  quantity: Decimal;
  unitPrice: Decimal;
  taxes: readonly { code: TaxCode; rate: Decimal }[];
};

export type LineTax = { code: TaxCode; rate: Decimal; taxable: bigint; amount: bigint };
export type LineAmounts = { base: bigint; taxes: LineTax[]; taxTotal: bigint };
export type TaxSubtotal = { code: TaxCode; rate: Decimal; taxable: bigint; amount: bigint };
export type TaxTotal = { code: TaxCode; amount: bigint; subtotals: TaxSubtotal[] };

export type InvoiceTotals = {
  lines: LineAmounts[];
  /** One per tax code present (01 before 04), subtotals by rate ascending. */
  taxTotals: TaxTotal[];
  lineExtension: bigint;
  /** Σ bases of the lines that carry at least one tax (excluded lines do not count). */
  taxExclusive: bigint;
  taxInclusive: bigint;
  allowanceTotal: bigint;
  chargeTotal: bigint;
  prepaid: bigint;
  payable: bigint;
  /** Document-level totals per CUFE tax code ('01' IVA, '04' INC, '03' ICA). */
  byCode: Record<'01' | '04' | '03', bigint>;
};

export function computeLine(line: LineInput): LineAmounts {
  const base = roundHalfUp(multiply(line.quantity, line.unitPrice), 2);
  const taxes = line.taxes.map(({ code, rate }) => ({
    code,
    rate,
    taxable: base,
    amount: roundHalfUp(shiftLeft(multiply({ units: base, scale: 2 }, rate), 2), 2),
  }));
  return { base, taxes, taxTotal: taxes.reduce((sum, t) => sum + t.amount, 0n) };
}

export function computeTotals(lines: readonly LineInput[]): InvoiceTotals {
  const computed = lines.map(computeLine);
  const groups = new Map<string, TaxSubtotal>();
  for (const line of computed) {
    for (const tax of line.taxes) {
      // 19, 19.0 and 19.00 are one rate: group on the 2-decimal form the XML prints.
      const key = `${tax.code}|${formatDecimal(tax.rate, 2)}`;
      const group = groups.get(key) ?? { code: tax.code, rate: tax.rate, taxable: 0n, amount: 0n };
      group.taxable += tax.taxable;
      group.amount += tax.amount;
      groups.set(key, group);
    }
  }
  const taxTotals: TaxTotal[] = (['01', '04'] as const)
    .map((code) => {
      const subtotals = [...groups.values()].filter((g) => g.code === code).sort((a, b) => compareDecimal(a.rate, b.rate));
      return { code, amount: subtotals.reduce((sum, s) => sum + s.amount, 0n), subtotals };
    })
    .filter((t) => t.subtotals.length > 0);

  const lineExtension = computed.reduce((sum, l) => sum + l.base, 0n);
  const taxExclusive = computed.filter((l) => l.taxes.length > 0).reduce((sum, l) => sum + l.base, 0n);
  const taxSum = taxTotals.reduce((sum, t) => sum + t.amount, 0n);
  const taxInclusive = lineExtension + taxSum;
  const amountOf = (code: TaxCode) => taxTotals.find((t) => t.code === code)?.amount ?? 0n;
  return {
    lines: computed,
    taxTotals,
    lineExtension,
    taxExclusive,
    taxInclusive,
    allowanceTotal: 0n,
    chargeTotal: 0n,
    prepaid: 0n,
    // Annex 1.8+: advances are not subtracted; no document allowances/charges in v1.
    payable: taxInclusive,
    byCode: { '01': amountOf('01'), '04': amountOf('04'), '03': 0n },
  };
}
