import type { InvoiceStatusView } from '@fe/invoice-status';

/**
 * How ingress learns an invoice's fate within its wait budget. The embedded shape answers from
 * the in-process status projection as it changes; an ingress whose projection runs elsewhere uses
 * `createBusInvoiceOutcomes` (the bus rings, the invoice's stream in the event store answers).
 *
 *   const view = await outcomes.waitFor(invoiceId, (v) => v.status !== 'pending', 10_000);
 */
export interface InvoiceOutcomes {
  /** The view once `until` holds, or the latest view (maybe undefined) when `timeoutMs` ran out. */
  waitFor(invoiceId: string, until: (view: InvoiceStatusView) => boolean, timeoutMs: number): Promise<InvoiceStatusView | undefined>;
}
