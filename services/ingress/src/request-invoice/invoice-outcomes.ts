import type { InvoiceStatusView } from '@fe/invoice-status';

/**
 * How ingress learns an invoice's fate within its wait budget. The embedded shape answers from
 * the in-process status projection as it changes; a distributed ingress would watch the bus.
 *
 *   const view = await outcomes.waitFor(invoiceId, (v) => v.status !== 'pending', 10_000);
 */
export interface InvoiceOutcomes {
  /** The view once `until` holds, or the latest view (maybe undefined) when `timeoutMs` ran out. */
  waitFor(invoiceId: string, until: (view: InvoiceStatusView) => boolean, timeoutMs: number): Promise<InvoiceStatusView | undefined>;
}
