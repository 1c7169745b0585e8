import { cufeSchema, notifyBuyerRequestSchema, type InvoiceStatus, type NotifyBuyerResponse } from '@fe/contracts';
import { newInvoiceEvent, type Clock, type EventStore } from '@fe/platform';
import type { FastifyPluginAsync } from 'fastify';
import { ApiError } from '../http/api-error.ts';

/** Finds the tenant's invoice by CUFE (the composition root fills it from the status store). */
export type InvoiceByCufe = {
  findByCufe(tenantId: string, cufe: string): Promise<{ invoiceId: string; status: InvoiceStatus } | undefined>;
};

export type NotifyBuyerPorts = { store: EventStore; invoices: InvoiceByCufe; clock: Clock };

/**
 * POST …/invoice/<cufe>/notify: records BuyerNotificationRequested, and the notifier sends one new mail
 * (docs/notifier.md). Another tenant's cufe is answered like an unknown one.
 */
export function notifyBuyerRoute(ports: NotifyBuyerPorts): FastifyPluginAsync {
  return async (app) => {
    app.post<{ Params: { cufe: string } }>('/api/v1/service/invoice/:cufe/notify', async (request, reply) => {
      const cufe = cufeSchema.safeParse(request.params.cufe);
      if (!cufe.success)
        throw new ApiError('VALIDATION_ERROR', 'the cufe is malformed', [
          { path: 'cufe', message: cufe.error.issues[0]?.message ?? 'malformed' },
        ]);
      const body = notifyBuyerRequestSchema.safeParse(request.body ?? {});
      if (!body.success) {
        throw new ApiError(
          'VALIDATION_ERROR',
          'the body is not a notify request',
          body.error.issues.map((i) => ({ path: i.path.join('.') || '(body)', message: i.message })),
        );
      }
      const invoice = await ports.invoices.findByCufe(request.tenantId, cufe.data);
      if (!invoice) throw new ApiError('INVOICE_NOT_FOUND', 'no invoice with this cufe for this tenant', []);
      if (invoice.status !== 'accepted')
        throw new ApiError(
          'INVOICE_NOT_ACCEPTED',
          `the invoice is ${invoice.status}: only an accepted invoice is delivered to the buyer`,
          [{ path: 'cufe', message: `status ${invoice.status}` }],
        );
      const requestedAt = ports.clock.now().toISOString();
      const meta = {
        tenantId: request.tenantId,
        invoiceId: invoice.invoiceId,
        correlationId: request.id,
        causationId: request.id,
      };
      const event = newInvoiceEvent(
        'BuyerNotificationRequested',
        { ...(body.data.email ? { email: body.data.email } : {}), requested_at: requestedAt },
        meta,
        ports.clock,
      );
      await ports.store.append(invoice.invoiceId, [event], 'stream_exists');
      const answer: NotifyBuyerResponse = {
        success: true,
        cufe: cufe.data,
        requested_at: requestedAt,
        ...(body.data.email ? { email: body.data.email } : {}),
        status_url: `/api/v1/service/status/${cufe.data}`,
      };
      return reply.code(202).send(answer);
    });
  };
}
