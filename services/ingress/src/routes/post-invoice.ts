import type { FastifyPluginAsync } from 'fastify';
import { documentHeaders } from '../http/document-headers.ts';
import { requestInvoice, type RequestInvoicePorts } from '../request-invoice/handler.ts';

/** POST /api/v1/service/invoice: HTTP in, requestInvoice, HTTP out. */
export function postInvoiceRoute(ports: RequestInvoicePorts): FastifyPluginAsync {
  return async (app) => {
    app.post('/api/v1/service/invoice', async (request, reply) => {
      const response = await requestInvoice(ports, {
        tenantId: request.tenantId,
        body: request.body,
        requestId: request.id,
        ...documentHeaders(request),
      });
      return reply.code(response.statusCode).headers(response.headers).send(response.body);
    });
  };
}
