import { compareDecimal, formatDecimal, multiply, roundHalfUp, type Decimal } from '../money/decimal.ts';
import type { TaxCode } from '../tax/tax-rules.ts';
import { distributeTax } from './distribute-tax.ts';

/**
 * Line and document totals (docs/api.md, "Amounts"; annex §3.8–3.9; docs/dian-domain.md "Tax rounding"):
 * - line base = quantity × unit price, rounded half-up to cents;
 * - each (tax, rate) subtotal = Σ bases × rate / 100, rounded half-up once (FAS07 holds exactly);
 * - the lines share each subtotal by largest remainder (distribute-tax.ts): each line's tax is
 *   its base × rate / 100 rounded half-up whenever those roundings add up to the subtotal, and
 *   within one cent of it otherwise, so the lines always add up to the header (FAS01b);
 * - document totals are sums of these values, so the XML adds up exactly.
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

/** quantity × unit price, rounded half-up to cents. */
function lineBase(line: Pick<LineInput, 'quantity' | 'unitPrice'>): bigint {
  return roundHalfUp(multiply(line.quantity, line.unitPrice), 2);
}

export function computeTotals(lines: readonly LineInput[]): InvoiceTotals {
  const bases = lines.map(lineBase);
  const lineTaxes: LineTax[][] = lines.map(() => []);
  // 19, 19.0 and 19.00 are one rate: group on the 2-decimal form the XML prints.
  const groups = new Map<string, { code: TaxCode; rate: Decimal; members: { line: number; tax: number }[] }>();
  lines.forEach((line, i) =>
    line.taxes.forEach(({ code, rate }, j) => {
      const key = `${code}|${formatDecimal(rate, 2)}`;
      const group = groups.get(key) ?? { code, rate, members: [] };
      group.members.push({ line: i, tax: j });
      groups.set(key, group);
    }),
  );
  const allSubtotals: TaxSubtotal[] = [];
  for (const { code, rate, members } of groups.values()) {
    const { amount, shares } = distributeTax(members.map((m) => bases[m.line]!), rate);
    members.forEach((m, k) => {
      lineTaxes[m.line]![m.tax] = { code, rate: lines[m.line]!.taxes[m.tax]!.rate, taxable: bases[m.line]!, amount: shares[k]! };
    });
    allSubtotals.push({ code, rate, taxable: members.reduce((sum, m) => sum + bases[m.line]!, 0n), amount });
  }
  const computed: LineAmounts[] = bases.map((base, i) => ({
    base,
    taxes: lineTaxes[i]!,
    taxTotal: lineTaxes[i]!.reduce((sum, t) => sum + t.amount, 0n),
  }));
  const taxTotals: TaxTotal[] = (['01', '04'] as const)
    .map((code) => {
      const subtotals = allSubtotals.filter((g) => g.code === code).sort((a, b) => compareDecimal(a.rate, b.rate));
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
