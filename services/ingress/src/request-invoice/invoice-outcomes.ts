import type { InvoiceStatusView } from '@fe/invoice-status';

/**
 * How ingress learns an invoice's fate within its wait budget: from the in-process projection, or, when it runs
 * elsewhere, `createBusInvoiceOutcomes`.
 */
export interface InvoiceOutcomes {
  /** The view once `until` holds, or the latest view (maybe undefined) when `timeoutMs` ran out. */
  waitFor(
    invoiceId: string,
    until: (view: InvoiceStatusView) => boolean,
    timeoutMs: number,
  ): Promise<InvoiceStatusView | undefined>;
}
