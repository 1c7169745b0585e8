import type { RequestInvoicePorts } from '../request-invoice/handler.ts';

/** Finds the tenant's invoice stream by CUFE (the composition root fills it from the status store). */
export type InvoiceIdByCufe = {
  findByCufe(tenantId: string, cufe: string): Promise<{ invoiceId: string } | undefined>;
};

/** What a note request needs: an invoice request's ports, and the invoices by CUFE. */
export type RequestNotePorts = RequestInvoicePorts & { invoices: InvoiceIdByCufe };
