import type { InvoiceEventsResponse } from '@fe/contracts';
import { invoiceHistory, PlatformError, type BlobStore, type EventStore } from '@fe/platform';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { ProjectionError } from '../errors.ts';
import type { StatusStore } from '../store/status-store.ts';
import { sendError, tenantAndCufe } from './send-error.ts';

export type InvoiceEventsRoutesOptions = {
  /** Finds the tenant's invoice by cufe (another tenant's reads as absent). */
  statuses: Pick<StatusStore, 'findByCufe'>;
  /** The event store itself, not a cache: its reads carry the chain digests. */
  events: Pick<EventStore, 'read'>;
  /** Read only for a file whose event records no digest (DIAN's ApplicationResponse). */
  blobs: Pick<BlobStore, 'get'>;
};

const PATH = '/api/v1/service/invoices';

/**
 * GET …/invoices/<cufe>/events (docs/api.md, "Invoice history"). Another tenant's cufe is answered like an unknown
 * one, and another tenant's event is never shown.
 */
export const invoiceEventsRoutes: FastifyPluginAsync<InvoiceEventsRoutesOptions> = async (app, options) => {
  const handler = async (request: FastifyRequest<{ Params: { cufe?: string } }>, reply: FastifyReply) => {
    const asked = tenantAndCufe(request, reply, request.params.cufe, PATH);
    if (!asked) return reply;
    const { tenantId, cufe } = asked;
    try {
      const view = await options.statuses.findByCufe(tenantId, cufe);
      if (!view)
        return sendError(reply, request, 404, 'INVOICE_NOT_FOUND', 'no invoice with this cufe for this tenant', []);
      const { events } = await options.events.read(view.invoiceId);
      const own = events.filter((event) => event.envelope.tenant_id === tenantId);
      const body: InvoiceEventsResponse = {
        cufe,
        number: view.number,
        events: await invoiceHistory(own, options.blobs),
      };
      return reply.code(200).header('cache-control', 'no-store').send(body);
    } catch (error) {
      const retriable = (error instanceof ProjectionError || error instanceof PlatformError) && error.retriable;
      if (!retriable) throw error;
      request.log.warn({ code: error.code }, 'a store is unavailable');
      return sendError(reply.header('retry-after', '1'), request, 503, 'UNAVAILABLE', 'a store is busy; try again', []);
    }
  };

  app.get(`${PATH}/:cufe/events`, handler);
};
