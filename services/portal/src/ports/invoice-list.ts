import type { InvoiceStatusView } from '@fe/invoice-status';

/**
 * The invoices the portal shows, with signed links; the portal checks a view's tenant before showing or linking it.
 */
export interface InvoiceList {
  /** The tenant's latest `limit` invoices, most recently updated first. */
  list(tenantId: string, limit: number): Promise<InvoiceStatusView[]>;
  get(invoiceId: string): Promise<InvoiceStatusView | undefined>;
  links(view: InvoiceStatusView): Promise<{ xml?: string; pdf?: string }>;
}
