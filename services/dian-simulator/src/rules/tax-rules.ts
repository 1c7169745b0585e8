import type { RuleCode } from './catalogue.ts';
import type { RuleGroupCheck } from './context.ts';
import type { TaxTotalView } from './invoice-view.ts';
import { cents, percentOf, sum } from './money.ts';

/** Annex table 13.2.2 (reference §8.1); 05–07 are withholdings and belong in WithholdingTaxTotal. */
const TAX_CODES = new Set(['01', '02', '03', '04', '08', '20', '21', '22', '23', '24', '25', '26', '30', '32', '33', '34', '35', '36', 'ZZ']);
/** Annex table 13.3.11 (reference §8.2): the only rates the simulator knows are IVA's and INC's. */
const RATES: Record<string, readonly string[]> = { '01': ['0.00', '5.00', '16.00', '19.00'], '04': ['2.00', '4.00', '8.00', '16.00'] };
const normalRate = (p: string | undefined) => (p === undefined || cents(p) === undefined ? undefined : (Number(cents(p)) / 100).toFixed(2));

/**
 * Tax codes and rates, and the arithmetic of document and line TaxTotals (reference §7.5):
 * VLR01, FAS01a/b, FAS02, FAS07 and the rate table. FAS07 allows config.toleranceCents because the
 * product rounds per line (docs/dian-domain.md, "FAS07 and per-line rounding").
 */
export const checkTaxes: RuleGroupCheck = ({ view, config }) => {
  const failures = new Set<RuleCode>();
  const all = [view.taxTotals, ...view.lines.map((l) => l.taxTotals)];
  const subtotals = all.flat().flatMap((t) => t.subtotals);
  const amounts = [...all.flat().map((t) => t.amount), ...subtotals.flatMap((s) => [s.amount, s.taxable, s.percent]),
    ...view.lines.map((l) => l.lineExtension), ...Object.entries(view.totals).filter(([k]) => k !== 'rounding').map(([, v]) => v)];
  if (amounts.some((a) => a?.startsWith('-'))) failures.add('VLR01');
  if (subtotals.some((s) => !TAX_CODES.has(s.scheme ?? ''))) failures.add('SIM-IMP01');
  if (subtotals.some((s) => RATES[s.scheme ?? ''] && !RATES[s.scheme ?? '']!.includes(normalRate(s.percent) ?? ''))) failures.add('SIM-IMP02');

  const schemes = view.taxTotals.map((t) => t.subtotals[0]?.scheme);
  if (new Set(schemes).size !== schemes.length) failures.add('FAS01a');
  for (const total of all.flat()) {
    if (cents(total.amount) !== sum(total.subtotals.map((s) => cents(s.amount) ?? 0n))) failures.add('FAS02');
    for (const s of total.subtotals) {
      const base = cents(s.taxable);
      const expected = base === undefined || s.percent === undefined ? undefined : percentOf(base, s.percent);
      const actual = cents(s.amount);
      if (expected !== undefined && actual !== undefined && abs(actual - expected) > config.toleranceCents) failures.add('FAS07');
    }
  }
  if (!headerMatchesLines(view.taxTotals, view.lines.flatMap((l) => l.taxTotals))) failures.add('FAS01b');
  return [...failures];
};

const abs = (n: bigint) => (n < 0n ? -n : n);

/** Each header subtotal (tax, rate) equals the sum of the lines' subtotals at that tax and rate. */
function headerMatchesLines(header: TaxTotalView[], lines: TaxTotalView[]): boolean {
  const key = (scheme: string | undefined, percent: string | undefined) => `${scheme}|${normalRate(percent)}`;
  const fromLines = new Map<string, [bigint, bigint]>();
  for (const s of lines.flatMap((t) => t.subtotals)) {
    const [base, tax] = fromLines.get(key(s.scheme, s.percent)) ?? [0n, 0n];
    fromLines.set(key(s.scheme, s.percent), [base + (cents(s.taxable) ?? 0n), tax + (cents(s.amount) ?? 0n)]);
  }
  const inHeader = header.flatMap((t) => t.subtotals);
  if (inHeader.length !== fromLines.size) return false;
  return inHeader.every((s) => {
    const expected = fromLines.get(key(s.scheme, s.percent));
    return expected !== undefined && expected[0] === cents(s.taxable) && expected[1] === cents(s.amount);
  });
}
