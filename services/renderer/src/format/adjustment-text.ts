import type { AdjustmentView } from '../invoice-view/invoice-view.ts';
import { formatMoney, formatRate } from './colombian-format.ts';

const KINDS: Record<string, string> = { '00': 'Descuento no condicionado', '01': 'Descuento condicionado' };

// A percentage derived from an amount (e.g. 0.69735) says nothing to a reader; one given as such has 2 decimals.
const isStatedPercent = (percent: string | undefined): percent is string =>
  percent !== undefined && /^\d+(\.\d{1,2}0*)?$/.test(percent) && !/^0+(\.0*)?$/.test(percent);

/**
 * What a discount or charge is, in words: kind, percentage and base when stated, reason. A line's always names its
 * base, the quantity × price the reader checks it against.
 */
export function adjustmentText(a: AdjustmentView, options: { withBase: boolean }): string {
  const kind = a.charge ? 'Cargo' : (KINDS[a.reasonCode ?? ''] ?? 'Descuento');
  const percent = isStatedPercent(a.percent) ? ` del ${formatRate(a.percent)}` : '';
  const base = a.base !== undefined && (percent || options.withBase) ? ` sobre $ ${formatMoney(a.base)}` : '';
  return `${kind}${percent}${base}${a.reason ? `: ${a.reason}` : ''}`;
}

/** The amount with the sign it has on the total: '-' for a discount, '+' for a charge. */
export const signedAmount = (a: AdjustmentView, currency = ''): string =>
  `${a.charge ? '+' : '-'}${currency}${formatMoney(a.amount)}`;
