import type { RuleCode } from './catalogue.ts';
import type { RuleGroupCheck } from './context.ts';
import type { InvoiceView, TaxSubtotalView, TaxTotalView } from './invoice-view.ts';
import { abs, cents, negative, normalRate, percentOf, productCents } from './money.ts';

/** Annex table 13.2.2 (reference §8.1); 05–07 are withholdings and belong in WithholdingTaxTotal. */
const TAX_CODES = new Set([
  '01',
  '02',
  '03',
  '04',
  '08',
  '20',
  '21',
  '22',
  '23',
  '24',
  '25',
  '26',
  '30',
  '32',
  '33',
  '34',
  '35',
  '36',
  'ZZ',
]);
/**
 * Annex table 13.3.11 (reference §8.2): the rates the simulator knows, IVA's, INC's and ICUI's (Ley 2277). A Map: a
 * code is any text.
 */
const RATES = new Map<string, readonly string[]>([
  ['01', ['0.00', '5.00', '16.00', '19.00']],
  ['04', ['2.00', '4.00', '8.00', '16.00']],
  ['35', ['10.00', '15.00', '20.00']],
]);
/** Table 13.2.2's per-unit taxes (reference §8.1): they carry BaseUnitMeasure and PerUnitAmount, not Percent. */
const PER_UNIT = new Set(['02', '22', '23', '24', '25', '32', '33', '34']);

/**
 * Tax codes, rates and TaxTotal arithmetic (reference §7.5). FAS07 allows config.toleranceCents for documents built
 * with per-line rounding (docs/dian-domain.md, "Tax rounding").
 */
export const checkTaxes: RuleGroupCheck = ({ view, config }) => {
  const failures = new Set<RuleCode>();
  // The document's TaxTotals, then each line's, in document order.
  const all: TaxTotalView[] = [...view.taxTotals];
  for (const line of view.lines) all.push(...line.taxTotals);

  if (hasNegativeAmount(view, all)) failures.add('VLR01');
  let unknownCode = false;
  let unknownRate = false;
  for (const total of all) {
    for (const s of total.subtotals) {
      if (!TAX_CODES.has(s.scheme ?? '')) unknownCode = true;
      const rates = RATES.get(s.scheme ?? '');
      if (rates && !rates.includes(normalRate(s.percent) ?? '')) unknownRate = true;
    }
  }
  if (all.some((total) => total.subtotals.some(wrongKindOfRate))) failures.add('SIM-IMP03');
  if (all.some((total) => total.subtotals.length === 0)) failures.add('FAS04');
  if (unknownCode) failures.add('SIM-IMP01');
  if (unknownRate) failures.add('SIM-IMP02');

  const schemes = view.taxTotals.map((t) => t.subtotals[0]?.scheme);
  if (new Set(schemes).size !== schemes.length) failures.add('FAS01a');
  const headerCount = view.taxTotals.length;
  for (const [index, total] of all.entries()) {
    let subtotalSum = 0n;
    for (const s of total.subtotals) subtotalSum += cents(s.amount) ?? 0n;
    if (cents(total.amount) !== subtotalSum) failures.add('FAS02');
    for (const s of total.subtotals) {
      const actual = cents(s.amount);
      const expected = expectedTax(s);
      // The same arithmetic is FAS07 on the document's TaxTotals and FAX07 on a line's.
      if (expected !== undefined && actual !== undefined && abs(actual - expected) > config.toleranceCents)
        failures.add(index < headerCount ? 'FAS07' : 'FAX07');
    }
  }
  if (!headerMatchesLines(view.taxTotals, all.slice(view.taxTotals.length))) failures.add('FAS01b');
  for (const code of checkWithholdings(view.withholdingTaxTotals ?? [], config.toleranceCents)) failures.add(code);
  return [...failures];
};

/** The buyer's withholdings (docs/choices.md, "Withholdings"): 05–07 only, once each, their arithmetic as a tax's. */
function checkWithholdings(totals: readonly TaxTotalView[], toleranceCents: bigint): RuleCode[] {
  const failures: RuleCode[] = [];
  const schemes = totals.flatMap((t) => t.subtotals.map((s) => s.scheme ?? ''));
  if (schemes.some((s) => !WITHHOLDINGS.has(s)) || new Set(schemes).size !== schemes.length) failures.push('SIM-RET01');
  const wrong = totals.some((total) => {
    const sum = total.subtotals.reduce((acc, s) => acc + (cents(s.amount) ?? 0n), 0n);
    if (cents(total.amount) !== sum) return true;
    return total.subtotals.some((s) => {
      const base = cents(s.taxable);
      const actual = cents(s.amount);
      const expected = base === undefined || s.percent === undefined ? undefined : percentOf(base, s.percent);
      return actual === undefined || expected === undefined || abs(actual - expected) > toleranceCents;
    });
  });
  if (wrong) failures.push('SIM-RET02');
  return failures;
}

const WITHHOLDINGS = new Set(['05', '06', '07']);

/**
 * FAS07's arithmetic (reference §7.5): TaxableAmount × Percent / 100, or for a per-unit tax PerUnitAmount ×
 * BaseUnitMeasure; undefined when the subtotal does not say enough (SIM-IMP03 or FAS04 report that).
 */
function expectedTax(s: TaxSubtotalView): bigint | undefined {
  if (s.perUnitAmount !== undefined) return productCents(s.perUnitAmount, s.baseUnitMeasure);
  const base = cents(s.taxable);
  return base === undefined || s.percent === undefined ? undefined : percentOf(base, s.percent);
}

/** A per-unit tax without BaseUnitMeasure and PerUnitAmount (or with a Percent), or a percentage tax with them. */
function wrongKindOfRate(s: TaxSubtotalView): boolean {
  const perUnitFields = s.baseUnitMeasure !== undefined || s.perUnitAmount !== undefined;
  if (PER_UNIT.has(s.scheme ?? ''))
    return s.baseUnitMeasure === undefined || s.perUnitAmount === undefined || s.percent !== undefined;
  return perUnitFields;
}

/** Any tax amount, base or rate, line amount or document total (PayableRoundingAmount may be negative) below zero. */
function hasNegativeAmount(view: InvoiceView, all: readonly TaxTotalView[]): boolean {
  for (const total of all) {
    if (negative(total.amount)) return true;
    for (const s of total.subtotals) if (negative(s.amount) || negative(s.taxable) || negative(s.percent)) return true;
  }
  for (const line of view.lines) if (negative(line.lineExtension)) return true;
  const t = view.totals;
  return [t.lineExtension, t.taxExclusive, t.taxInclusive, t.allowance, t.charge, t.prepaid, t.payable].some(negative);
}

/** Each header subtotal (tax, rate or per-unit amount) equals the sum of the lines' subtotals at that tax and rate. */
function headerMatchesLines(header: readonly TaxTotalView[], lines: readonly TaxTotalView[]): boolean {
  // A per-unit tax's subtotals are per PerUnitAmount and unit, as a percentage tax's are per rate.
  const key = (s: TaxSubtotalView) =>
    `${s.scheme}|${normalRate(s.percent)}|${cents(s.perUnitAmount)}|${s.perUnitAmount === undefined ? '' : s.baseUnitCode}`;
  const fromLines = new Map<string, [bigint, bigint]>();
  for (const total of lines) {
    for (const s of total.subtotals) {
      const [base, tax] = fromLines.get(key(s)) ?? [0n, 0n];
      fromLines.set(key(s), [base + (cents(s.taxable) ?? 0n), tax + (cents(s.amount) ?? 0n)]);
    }
  }
  let inHeader = 0;
  for (const total of header) {
    for (const s of total.subtotals) {
      inHeader++;
      const expected = fromLines.get(key(s));
      if (expected === undefined || expected[0] !== cents(s.taxable) || expected[1] !== cents(s.amount)) return false;
    }
  }
  return inHeader === fromLines.size;
}
