import type { FastifyPluginAsync } from 'fastify';
import { ApiError } from '../http/api-error.ts';
import { requestInvoice, type RequestInvoicePorts } from '../request-invoice/handler.ts';

/**
 * `Prefer: wait=<seconds>` (RFC 7240) shortens the wait budget for one request, e.g. `wait=0`
 * answers 202 as soon as the invoice is numbered; it never lengthens the configured budget.
 */
function preferredWaitMs(prefer: string | string[] | undefined): number | undefined {
  const text = Array.isArray(prefer) ? prefer.join(',') : prefer;
  const match = text === undefined ? null : /(?:^|[,;\s])wait=(\d{1,6})(?:$|[,;\s])/i.exec(text);
  return match ? Number(match[1]) * 1000 : undefined;
}

/** POST /api/v1/service/invoice: HTTP in, requestInvoice, HTTP out. */
export function postInvoiceRoute(ports: RequestInvoicePorts): FastifyPluginAsync {
  return async (app) => {
    app.post('/api/v1/service/invoice', async (request, reply) => {
      const header = request.headers['idempotency-key'];
      const key = Array.isArray(header) ? header[0] : header;
      if (key !== undefined && (key.length < 1 || key.length > 255)) {
        throw new ApiError('VALIDATION_ERROR', 'Idempotency-Key must be 1 to 255 characters.', [{ path: 'Idempotency-Key', message: 'must be 1 to 255 characters' }]);
      }
      const response = await requestInvoice(ports, {
        tenantId: request.tenantId, body: request.body, idempotencyKey: key, requestId: request.id, waitMs: preferredWaitMs(request.headers.prefer),
      });
      return reply.code(response.statusCode).headers(response.headers).send(response.body);
    });
  };
}
