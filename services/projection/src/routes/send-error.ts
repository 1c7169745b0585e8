import type { ErrorBody, ErrorCode, ErrorDetail } from '@fe/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** The API's ErrorBody with the request id, as every route of this service answers an error. */
export function sendError(reply: FastifyReply, request: FastifyRequest, status: number, code: ErrorCode, message: string, details: ErrorDetail[]) {
  const body: ErrorBody = { success: false, error: { code, message, details }, request_id: request.id };
  return reply.code(status).send(body);
}
