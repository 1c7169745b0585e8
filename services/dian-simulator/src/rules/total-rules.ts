import type { RuleCode } from './catalogue.ts';
import type { RuleGroupCheck } from './context.ts';
import { cents } from './money.ts';

/**
 * Lines against document totals (reference §3.9, §7.6), each absent total read as zero. Advances are not
 * subtracted from PayableAmount (annex 1.8).
 */
export const checkTotals: RuleGroupCheck = ({ view }) => {
  const failures: RuleCode[] = [];
  const totals = view.totals;
  const lineExtension = cents(totals.lineExtension);
  const taxInclusive = cents(totals.taxInclusive);
  if (view.lines.length === 0) failures.push('FAV01');
  if (view.lineCount !== String(view.lines.length)) failures.push('FAD16');
  let lines = 0n;
  let taxedBases = 0n;
  for (const line of view.lines) {
    const amount = cents(line.lineExtension) ?? 0n;
    lines += amount;
    if (line.taxTotals.length === 0) continue;
    // The base of the line's first subtotal; a TaxTotal without any is FAS04's to report, so the
    // line's own amount stands in for its base here rather than failing FAU04 as well.
    const firstTax = line.taxTotals.flatMap((total) => total.subtotals)[0];
    taxedBases += firstTax ? (cents(firstTax.taxable) ?? 0n) : amount;
  }
  if (lineExtension !== lines) failures.push('FAU02');
  if ((cents(totals.taxExclusive) ?? 0n) !== taxedBases) failures.push('FAU04');
  let taxes = 0n;
  for (const total of view.taxTotals) taxes += cents(total.amount) ?? 0n;
  if (taxInclusive === undefined || lineExtension === undefined || taxInclusive !== lineExtension + taxes)
    failures.push('FAU06');
  let allowances = 0n;
  let charges = 0n;
  for (const ac of view.allowanceCharges) {
    if (ac.charge) charges += cents(ac.amount) ?? 0n;
    else allowances += cents(ac.amount) ?? 0n;
  }
  if ((cents(totals.allowance) ?? 0n) !== allowances) failures.push('FAU08');
  if ((cents(totals.charge) ?? 0n) !== charges) failures.push('FAU10');
  let prepaid = 0n;
  for (const paid of view.prepaidPayments) prepaid += cents(paid) ?? 0n;
  if ((cents(totals.prepaid) ?? 0n) !== prepaid) failures.push('FAU12');
  const payable =
    (taxInclusive ?? 0n) -
    (cents(totals.allowance) ?? 0n) +
    (cents(totals.charge) ?? 0n) +
    (cents(totals.rounding) ?? 0n);
  if (cents(totals.payable) !== payable) failures.push('FAU14');
  return failures;
};
