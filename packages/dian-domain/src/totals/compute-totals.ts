import { compareDecimal, formatDecimal, multiply, roundHalfUp, type Decimal } from '../money/decimal.ts';
import {
  netAdjustment,
  resolveAllowanceCharge,
  type AllowanceChargeInput,
  type ResolvedAllowanceCharge,
} from './allowance-charge.ts';
import { taxTotalOrder, type LineTaxInput, type PerUnitTax, type TaxCode } from '../tax/tax-rules.ts';
import { CURRENT_BUILD_RULES, type BuildRules } from './build-rules.ts';
import { distributeTax } from './distribute-tax.ts';
import { perLineTaxV1 } from './rules-v1.ts';

/**
 * Line and document totals in bigint cents (docs/dian-domain.md, "Tax rounding"): each (tax, rate) subtotal is
 * rounded once and shared among the lines, so the XML adds up exactly (FAS07, FAS01b).
 */
export type LineInput = {
  quantity: Decimal;
  unitPrice: Decimal;
  taxes: readonly LineTaxInput[];
  allowanceCharges?: readonly AllowanceChargeInput[];
  /** A free item: taxed on quantity × referencePrice, its LineExtensionAmount 0. */
  freeOfCharge?: { referencePrice: Decimal };
};

export type DocumentInput = {
  allowanceCharges?: readonly AllowanceChargeInput[];
  /** The advances' amounts. */
  prepaid?: readonly Decimal[];
};

/** A percentage tax has `rate`; a per-unit tax has `perUnit` (its measure the line's, or the subtotal's sum). */
type LineTax = { code: TaxCode; rate?: Decimal; perUnit?: PerUnitTax; taxable: bigint; amount: bigint };
export type LineAmounts = {
  /** LineExtensionAmount: gross − discounts + charges, 0 for a free item. */
  base: bigint;
  /** quantity × unit price, rounded (what the line's discounts and charges apply to by default). */
  gross: bigint;
  /** The tax base: `base`, or quantity × reference price for a free item. */
  taxable: bigint;
  allowanceCharges: ResolvedAllowanceCharge[];
  taxes: LineTax[];
  taxTotal: bigint;
};
export type TaxSubtotal = LineTax;
export type TaxTotal = { code: TaxCode; amount: bigint; subtotals: TaxSubtotal[] };

export type InvoiceTotals = {
  lines: LineAmounts[];
  /** One per tax code present (in taxTotalOrder), subtotals by rate (or per-unit amount) ascending. */
  taxTotals: TaxTotal[];
  lineExtension: bigint;
  /** Σ tax bases of the lines that carry at least one tax (excluded lines do not count; FAU04). */
  taxExclusive: bigint;
  taxInclusive: bigint;
  /** The invoice's own discounts and charges (not the lines'). */
  allowanceCharges: ResolvedAllowanceCharge[];
  allowanceTotal: bigint;
  chargeTotal: bigint;
  prepaid: bigint;
  payable: bigint;
  /** Document-level totals per CUFE tax code ('01' IVA, '04' INC, '03' ICA). */
  byCode: Record<'01' | '04' | '03', bigint>;
};

/** An amount the request makes impossible: `path` names the request field at fault. */
export type AmountProblem = { path: string; message: string };
export type TotalsOutcome = { ok: true; totals: InvoiceTotals } | { ok: false; problems: AmountProblem[] };

/**
 * The totals of a request whose amounts are consistent; throws when they are not (check with tryComputeTotals first).
 */
export function computeTotals(
  lines: readonly LineInput[],
  document: DocumentInput = {},
  rules: BuildRules = CURRENT_BUILD_RULES,
): InvoiceTotals {
  const outcome = tryComputeTotals(lines, document, rules);
  if (!outcome.ok) throw new RangeError(outcome.problems.map((p) => `${p.path}: ${p.message}`).join('; '));
  return outcome.totals;
}

/** The totals, or every amount the request makes impossible (negative after discounts, advances above payable). */
export function tryComputeTotals(
  lines: readonly LineInput[],
  document: DocumentInput = {},
  rules: BuildRules = CURRENT_BUILD_RULES,
): TotalsOutcome {
  const problems: AmountProblem[] = [];
  const resolvedLines = lines.map((line, i) => {
    const gross = roundHalfUp(multiply(line.quantity, line.unitPrice), 2);
    const allowanceCharges = resolveAll(line.allowanceCharges ?? [], gross, `lines.${i}.allowance_charges`, problems);
    const base = gross + netAdjustment(allowanceCharges);
    if (base < 0n)
      problems.push({
        path: `lines.${i}.allowance_charges`,
        message: 'the discounts exceed the line amount and its charges',
      });
    const taxable = line.freeOfCharge
      ? roundHalfUp(multiply(line.quantity, line.freeOfCharge.referencePrice), 2)
      : base;
    return { gross, allowanceCharges, base, taxable };
  });
  if (problems.length) return { ok: false, problems };

  const lineTaxes: LineTax[][] = lines.map(() => []);
  const taxableOf = (i: number) => resolvedLines[i]!.taxable;
  // 19, 19.0 and 19.00 are one rate: group on the 2-decimal form the XML prints.
  const percentages = groupTaxes(lines, (tax) => (tax.rate ? `${tax.code}|${formatDecimal(tax.rate, 2)}` : undefined));
  const allSubtotals: TaxSubtotal[] = [];
  for (const { code, members } of percentages) {
    const rate = lines[members[0]!.line]!.taxes[members[0]!.tax]!.rate!;
    const { amount, shares } = taxOfLines[rules](
      members.map((m) => taxableOf(m.line)),
      rate,
    );
    members.forEach((m, k) => {
      lineTaxes[m.line]![m.tax] = {
        code,
        rate: lines[m.line]!.taxes[m.tax]!.rate!,
        taxable: taxableOf(m.line),
        amount: shares[k]!,
      };
    });
    allSubtotals.push({ code, rate, taxable: members.reduce((sum, m) => sum + taxableOf(m.line), 0n), amount });
  }
  // A per-unit tax is exact (a whole measure × an amount in cents), so its subtotal is the sum of its lines'.
  const perUnits = groupTaxes(lines, ({ code, perUnit }) =>
    perUnit ? `${code}|${formatDecimal(perUnit.amount, 2)}|${perUnit.unitCode}` : undefined,
  );
  for (const { code, members } of perUnits) {
    const taxes = members.map((m) => {
      const perUnit = lines[m.line]!.taxes[m.tax]!.perUnit!;
      const tax = {
        code,
        perUnit,
        taxable: taxableOf(m.line),
        amount: roundHalfUp(multiply(perUnit.measure, perUnit.amount), 2),
      };
      lineTaxes[m.line]![m.tax] = tax;
      return tax;
    });
    const measure = taxes.reduce((sum, t) => sum + roundHalfUp(t.perUnit.measure, 0), 0n);
    allSubtotals.push({
      code,
      perUnit: { ...taxes[0]!.perUnit, measure: { units: measure, scale: 0 } },
      taxable: taxes.reduce((sum, t) => sum + t.taxable, 0n),
      amount: taxes.reduce((sum, t) => sum + t.amount, 0n),
    });
  }
  const computed: LineAmounts[] = resolvedLines.map((resolved, i) => ({
    ...resolved,
    base: lines[i]!.freeOfCharge ? 0n : resolved.base,
    taxes: lineTaxes[i]!,
    taxTotal: lineTaxes[i]!.reduce((sum, t) => sum + t.amount, 0n),
  }));
  const taxTotals: TaxTotal[] = taxTotalOrder
    .map((code) => {
      const subtotals = allSubtotals.filter((g) => g.code === code).sort(bySizeOfTax);
      return { code, amount: subtotals.reduce((sum, s) => sum + s.amount, 0n), subtotals };
    })
    .filter((t) => t.subtotals.length > 0);

  const lineExtension = computed.reduce((sum, l) => sum + l.base, 0n);
  const taxExclusive = computed.filter((l) => l.taxes.length > 0).reduce((sum, l) => sum + l.taxable, 0n);
  const taxSum = taxTotals.reduce((sum, t) => sum + t.amount, 0n);
  const taxInclusive = lineExtension + taxSum;
  const allowanceCharges = resolveAll(document.allowanceCharges ?? [], lineExtension, 'allowance_charges', problems);
  const allowanceTotal = allowanceCharges.filter((ac) => !ac.charge).reduce((sum, ac) => sum + ac.amount, 0n);
  const chargeTotal = allowanceCharges.filter((ac) => ac.charge).reduce((sum, ac) => sum + ac.amount, 0n);
  // Annex 1.8+ (FAU14): advances are not subtracted from PayableAmount.
  const payable = taxInclusive - allowanceTotal + chargeTotal;
  const prepaid = (document.prepaid ?? []).reduce((sum, p) => sum + roundHalfUp(p, 2), 0n);
  problems.push(
    ...tooLarge(resolvedLines, allowanceCharges, [
      lineExtension,
      taxExclusive,
      taxInclusive,
      allowanceTotal,
      chargeTotal,
      payable,
    ]),
  );
  if (payable < 0n)
    problems.push({
      path: 'allowance_charges',
      message: "the invoice's discounts exceed its lines, taxes and charges",
    });
  else if (prepaid > payable)
    problems.push({ path: 'prepaid_payments', message: 'the advances exceed the payable amount' });
  if (problems.length) return { ok: false, problems };
  const amountOf = (code: TaxCode) => taxTotals.find((t) => t.code === code)?.amount ?? 0n;
  return {
    ok: true,
    totals: {
      lines: computed,
      taxTotals,
      lineExtension,
      taxExclusive,
      taxInclusive,
      allowanceCharges,
      allowanceTotal,
      chargeTotal,
      prepaid,
      payable,
      byCode: { '01': amountOf('01'), '04': amountOf('04'), '03': amountOf('03') },
    },
  };
}

/** The lines' taxes grouped by the key `keyOf` gives (undefined: not in any group), in the order first met. */
function groupTaxes(
  lines: readonly LineInput[],
  keyOf: (tax: LineTaxInput) => string | undefined,
): { code: TaxCode; members: { line: number; tax: number }[] }[] {
  const groups = new Map<string, { code: TaxCode; members: { line: number; tax: number }[] }>();
  lines.forEach((line, i) =>
    line.taxes.forEach((tax, j) => {
      const key = keyOf(tax);
      if (key === undefined) return;
      const group = groups.get(key) ?? { code: tax.code, members: [] };
      group.members.push({ line: i, tax: j });
      groups.set(key, group);
    }),
  );
  return [...groups.values()];
}

/** Subtotals by rate ascending; per-unit ones by amount, then unit. */
function bySizeOfTax(a: TaxSubtotal, b: TaxSubtotal): number {
  if (a.rate && b.rate) return compareDecimal(a.rate, b.rate);
  if (a.perUnit && b.perUnit)
    return compareDecimal(a.perUnit.amount, b.perUnit.amount) || a.perUnit.unitCode.localeCompare(b.perUnit.unitCode);
  return 0;
}

/** One (tax, rate) subtotal and each line's share of it, by build rules version. */
const taxOfLines: Record<BuildRules, typeof distributeTax> = { 1: perLineTaxV1, 2: distributeTax };

/**
 * The largest amount written for DIAN (15 integer digits): validators bound xs:decimal's digits, and larger amounts
 * failed the XSD (ZB01).
 */
const AMOUNT_LIMIT_CENTS = 10n ** 17n;
const LIMIT_MESSAGE = 'makes an amount of more than 15 integer digits, more than an invoice for DIAN can carry';

function tooLarge(
  lines: readonly {
    gross: bigint;
    base: bigint;
    taxable: bigint;
    allowanceCharges: readonly ResolvedAllowanceCharge[];
  }[],
  documentAcs: readonly ResolvedAllowanceCharge[],
  documentTotals: readonly bigint[],
): AmountProblem[] {
  const over = (...amounts: bigint[]) => amounts.some((a) => a >= AMOUNT_LIMIT_CENTS || -a >= AMOUNT_LIMIT_CENTS);
  const acsOver = (acs: readonly ResolvedAllowanceCharge[]) => acs.some((ac) => over(ac.amount, ac.base));
  const problems: AmountProblem[] = [];
  lines.forEach((line, i) => {
    if (over(line.gross, line.base, line.taxable) || acsOver(line.allowanceCharges))
      problems.push({ path: `lines.${i}`, message: `the line ${LIMIT_MESSAGE}` });
  });
  if (acsOver(documentAcs))
    problems.push({ path: 'allowance_charges', message: `a discount or charge ${LIMIT_MESSAGE}` });
  if (!problems.length && over(...documentTotals))
    problems.push({ path: 'lines', message: `the invoice's total ${LIMIT_MESSAGE}` });
  return problems;
}

function resolveAll(
  list: readonly AllowanceChargeInput[],
  defaultBase: bigint,
  path: string,
  problems: AmountProblem[],
): ResolvedAllowanceCharge[] {
  return list.flatMap((ac, j) => {
    const resolved = resolveAllowanceCharge(ac, defaultBase);
    if (resolved) return [resolved];
    problems.push({
      path: `${path}.${j}.base_amount`,
      message: 'an amount needs a base_amount greater than 0 to be a percentage of (the default base is 0)',
    });
    return [];
  });
}
