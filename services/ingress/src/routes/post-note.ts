import type { FastifyPluginAsync } from 'fastify';
import { documentHeaders } from '../http/document-headers.ts';
import { requestNote, type RequestNotePorts } from '../request-note/handler.ts';

/** POST …/credit-note and …/debit-note (docs/notes.md), with the invoice route's edge behaviour. */
export function postNoteRoutes(ports: RequestNotePorts): FastifyPluginAsync {
  return async (app) => {
    for (const kind of ['credit', 'debit'] as const) {
      app.post(`/api/v1/service/${kind}-note`, async (request, reply) => {
        const response = await requestNote(ports, kind, {
          tenantId: request.tenantId,
          body: request.body,
          requestId: request.id,
          ...documentHeaders(request),
        });
        return reply.code(response.statusCode).headers(response.headers).send(response.body);
      });
    }
  };
}
