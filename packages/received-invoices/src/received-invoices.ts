import { receivedInvoiceStream, type ReceivedInvoiceResponse } from '@fe/contracts';
import { loadState } from '@fe/platform';
import type { BuyerEventRequest } from './events/decide-event-request.ts';
import { requestBuyerEvent, type BuyerEventOutcome } from './events/request-buyer-event.ts';
import {
  importReceivedInvoice,
  type ImportOutcome,
  type ImportPorts,
  type ImportRequest,
} from './import/import-received-invoice.ts';
import { receivedInvoiceFold } from './stream/received-invoice-state.ts';
import { receivedInvoiceView } from './view/received-invoice-view.ts';

/** What the API and the portal do with a tenant's received invoices, one implementation for both. */
export type ReceivedInvoices = {
  import(request: ImportRequest): Promise<ImportOutcome>;
  get(tenantId: string, cufe: string): Promise<ReceivedInvoiceResponse | undefined>;
  /** Newest first; `nextBefore` continues when the page was full. */
  list(
    tenantId: string,
    options: { limit: number; before?: Date },
  ): Promise<{ invoices: ReceivedInvoiceResponse[]; nextBefore?: Date }>;
  requestEvent(
    target: { tenantId: string; cufe: string; correlationId: string },
    request: BuyerEventRequest,
  ): Promise<BuyerEventOutcome>;
};

export function createReceivedInvoices(ports: ImportPorts): ReceivedInvoices {
  const get = async (tenantId: string, cufe: string) => {
    const { state } = await loadState(ports.store, receivedInvoiceStream(tenantId, cufe), receivedInvoiceFold);
    return receivedInvoiceView(state);
  };
  return {
    import: (request) => importReceivedInvoice(ports, request),
    get,
    async list(tenantId, options) {
      const rows = await ports.index.list(tenantId, options);
      const views = await Promise.all(rows.map((row) => get(tenantId, row.cufe)));
      const last = rows.at(-1);
      return {
        invoices: views.filter((v): v is ReceivedInvoiceResponse => v !== undefined),
        ...(rows.length === options.limit && last ? { nextBefore: last.importedAt } : {}),
      };
    },
    requestEvent: (target, request) => requestBuyerEvent(ports, target, request),
  };
}
