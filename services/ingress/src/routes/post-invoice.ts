import type { FastifyPluginAsync } from 'fastify';
import { ApiError } from '../http/api-error.ts';
import { requestInvoice, type RequestInvoicePorts } from '../request-invoice/handler.ts';

/** POST /api/v1/service/invoice: HTTP in, requestInvoice, HTTP out. */
export function postInvoiceRoute(ports: RequestInvoicePorts): FastifyPluginAsync {
  return async (app) => {
    app.post('/api/v1/service/invoice', async (request, reply) => {
      const header = request.headers['idempotency-key'];
      const key = Array.isArray(header) ? header[0] : header;
      if (key !== undefined && (key.length < 1 || key.length > 255)) {
        throw new ApiError('VALIDATION_ERROR', 'Idempotency-Key must be 1 to 255 characters.', [{ path: 'Idempotency-Key', message: 'must be 1 to 255 characters' }]);
      }
      const response = await requestInvoice(ports, { tenantId: request.tenantId, body: request.body, idempotencyKey: key, requestId: request.id });
      return reply.code(response.statusCode).headers(response.headers).send(response.body);
    });
  };
}
