import { codelists, hasCode } from '@fe/dian-domain/codelists';
import type { RuleCode } from './catalogue.ts';
import type { RuleGroupCheck } from './context.ts';
import { abs, cents, negative, productCents } from './money.ts';

/**
 * Item identification standards (annex table 13.3.5): 001 UNSPSC, 010 GTIN, 020 partida
 * arancelaria, 999 the taxpayer's own coding.
 */
const ITEM_SCHEMES = new Set(['001', '010', '020', '999']);

/**
 * Each line on its own (reference §3.10, §7.6). DIAN has accepted either quantity in FAV06's product, so both pass
 * within config.toleranceCents; a rule is reported once however many lines break it.
 */
export const checkLines: RuleGroupCheck = ({ view, config }) => {
  const failures = new Set<RuleCode>();
  for (const line of view.lines) {
    if (negative(line.quantity)) failures.add('FAV04b');
    if (!line.unitCodes.every((code) => hasCode(codelists.units, code))) failures.add('FAV05');
    if (!line.description) failures.add('FAZ02');
    if (!line.standardItemId?.value || !ITEM_SCHEMES.has(line.standardItemId.schemeId ?? '')) failures.add('FAZ09');
    if (/\.\d{7,}$/.test(line.price ?? '')) {
      failures.add('FBB02'); // and no product to compare with: FAV06 would only repeat it
      continue;
    }
    const amount = cents(line.lineExtension);
    if (amount === undefined) continue; // not a decimal: the totals' rules already say so
    let adjustments = 0n;
    for (const ac of line.allowanceCharges) adjustments += (ac.charge ? 1n : -1n) * (cents(ac.amount) ?? 0n);
    const near = (quantity: string | undefined) => {
      const gross = productCents(line.price, quantity);
      return gross !== undefined && abs(gross + adjustments - amount) <= config.toleranceCents;
    };
    if (!near(line.baseQuantity) && !near(line.quantity)) failures.add('FAV06');
  }
  return [...failures];
};
