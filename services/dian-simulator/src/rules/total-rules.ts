import type { RuleCode } from './catalogue.ts';
import type { RuleGroupCheck } from './context.ts';
import { cents, sum } from './money.ts';

/**
 * Lines against document totals (reference §3.9, §7.6): FAD16, FAU02, FAU04, FAU06, FAU14.
 * Advances (PrepaidAmount) are not subtracted from PayableAmount since annex 1.8.
 */
export const checkTotals: RuleGroupCheck = ({ view }) => {
  const failures: RuleCode[] = [];
  const t = Object.fromEntries(Object.entries(view.totals).map(([k, v]) => [k, cents(v)])) as Record<keyof typeof view.totals, bigint | undefined>;
  if (view.lineCount !== String(view.lines.length)) failures.push('FAD16');
  const lines = view.lines.map((l) => cents(l.lineExtension) ?? 0n);
  if (t.lineExtension !== sum(lines)) failures.push('FAU02');
  const taxedBases = view.lines.filter((l) => l.taxTotals.length > 0).map((l) => cents(l.lineExtension) ?? 0n);
  if ((t.taxExclusive ?? 0n) !== sum(taxedBases)) failures.push('FAU04');
  const taxes = sum(view.taxTotals.map((x) => cents(x.amount) ?? 0n));
  if (t.taxInclusive === undefined || t.lineExtension === undefined || t.taxInclusive !== t.lineExtension + taxes) failures.push('FAU06');
  const payable = (t.taxInclusive ?? 0n) - (t.allowance ?? 0n) + (t.charge ?? 0n) + (t.rounding ?? 0n);
  if (t.payable !== payable) failures.push('FAU14');
  return failures;
};
