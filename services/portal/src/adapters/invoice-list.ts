import { invoiceLinks } from '@fe/invoice-status';
import type { BlobStore } from '@fe/platform';
import type { InvoiceList } from '../ports/invoice-list.ts';
import type { StatusStore } from '@fe/invoice-status';

/** The portal's invoice list on the projection's read model, with short signed links (1 h) to documents that exist. */
export function statusInvoiceList(
  store: Pick<StatusStore, 'listForTenant' | 'get'>,
  blobs: Pick<BlobStore, 'signedUrl'>,
): InvoiceList {
  return {
    list: (tenantId, limit) => store.listForTenant(tenantId, limit),
    get: (invoiceId) => store.get(invoiceId),
    links: async (view) => {
      const { xmlUrl, pdfUrl } = await invoiceLinks(blobs, view, 3600);
      return { ...(view.xmlKey ? { xml: xmlUrl } : {}), ...(view.pdfKey ? { pdf: pdfUrl } : {}) };
    },
  };
}
