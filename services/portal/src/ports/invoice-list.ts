import type { InvoiceStatusView } from '@fe/invoice-status';

/**
 * The invoices the portal shows, filled by a composition root from the status read model and the
 * blob store's signed links. The portal checks a view's tenant before it shows or links it.
 *
 *   const views = await invoices.list('acme', 200);
 *   const { xml, pdf } = await invoices.links(view);   // signed, short-lived URLs
 */
export interface InvoiceList {
  /** The tenant's latest `limit` invoices, most recently updated first. */
  list(tenantId: string, limit: number): Promise<InvoiceStatusView[]>;
  get(invoiceId: string): Promise<InvoiceStatusView | undefined>;
  links(view: InvoiceStatusView): Promise<{ xml?: string; pdf?: string }>;
}
