import { cufeSchema, type ErrorBody, type ErrorCode, type ErrorDetail } from '@fe/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** The API's ErrorBody with the request id, as every route of this service answers an error. */
export function sendError(
  reply: FastifyReply,
  request: FastifyRequest,
  status: number,
  code: ErrorCode,
  message: string,
  details: ErrorDetail[],
) {
  const body: ErrorBody = { success: false, error: { code, message, details }, request_id: request.id };
  return reply.code(status).send(body);
}

/**
 * The authenticated tenant and the path's cufe, or undefined once the error is sent. 401 when the host set no
 * tenant: a host that forgot its authentication hook fails closed.
 */
export function tenantAndCufe(
  request: FastifyRequest,
  reply: FastifyReply,
  raw: string | undefined,
  route: string,
): { tenantId: string; cufe: string } | undefined {
  const tenantId = request.tenantId;
  if (!tenantId) {
    request.log.error({ route }, 'route reached without an authenticated tenant');
    void sendError(
      reply.header('www-authenticate', 'Bearer'),
      request,
      401,
      'UNAUTHORIZED',
      'authentication is required',
      [],
    );
    return undefined;
  }
  const cufe = cufeSchema.safeParse(raw);
  if (!cufe.success) {
    const detail = {
      path: 'cufe',
      message: cufe.error.issues[0]?.message ?? 'must be 96 lowercase hexadecimal characters',
    };
    void sendError(reply, request, 400, 'VALIDATION_ERROR', 'the cufe is malformed', [detail]);
    return undefined;
  }
  return { tenantId, cufe: cufe.data };
}
