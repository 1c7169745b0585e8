import { PlatformError } from '@fe/platform';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from './api-error.ts';

/**
 * Anything thrown as the API's one error body (docs/api.md, "Errors"): a store or bus failure is a retriable 503,
 * anything else a bug: 500 INTERNAL_ERROR, logged with the request id, no internals in the body.
 */
export function sendError(
  error: unknown,
  request: FastifyRequest,
  reply: FastifyReply,
  retryAfterSeconds: number,
): FastifyReply {
  if (isClientDisconnect(error, request)) {
    // Nobody is left to answer, and nothing failed on our side: not an error line.
    request.log.info({ code: (error as { code?: unknown }).code }, 'client disconnected before the request was read');
    reply.hijack();
    return reply;
  }
  const apiError = toApiError(error, retryAfterSeconds);
  if (apiError.status >= 500) request.log.error({ err: error }, 'request failed');
  return reply.code(apiError.status).headers(apiError.headers).send(apiError.body(request.id));
}

function toApiError(error: unknown, retryAfterSeconds: number): ApiError {
  if (error instanceof ApiError) return error;
  const code = (error as { code?: unknown })?.code;
  switch (code) {
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new ApiError('UNSUPPORTED_MEDIA_TYPE', 'Send the body as application/json.', [
        { path: 'Content-Type', message: 'must be application/json' },
      ]);
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new ApiError('PAYLOAD_TOO_LARGE', 'The body is over the 1 MiB limit.', [
        { path: '', message: 'body too large' },
      ]);
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return new ApiError('MALFORMED_JSON', 'The body is not valid JSON.', [{ path: '', message: 'not JSON' }]);
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return new ApiError('VALIDATION_ERROR', 'Content-Length does not match the body.', [
        { path: 'Content-Length', message: 'mismatch' },
      ]);
  }
  if (isUnavailable(error)) {
    return new ApiError('UNAVAILABLE', 'A store is unavailable; nothing was half-written. Retry later.', [], {
      'Retry-After': String(retryAfterSeconds),
    });
  }
  return new ApiError('INTERNAL_ERROR', 'Unexpected error; the request id finds it in the logs.');
}

/** The peer hung up mid-request (Node's "aborted" is ECONNRESET on the request stream). */
function isClientDisconnect(error: unknown, request: FastifyRequest): boolean {
  const code = (error as { code?: unknown })?.code;
  return (
    request.raw.readableAborted ||
    code === 'ECONNRESET' ||
    code === 'ECONNABORTED' ||
    code === 'EPIPE' ||
    code === 'ERR_STREAM_PREMATURE_CLOSE'
  );
}

/** Store and bus failures: the platform's retriable errors, and SQLite's own (closed, busy, I/O, full). */
function isUnavailable(error: unknown): boolean {
  if (error instanceof PlatformError) return error.retriable || error.code === 'BUS_CLOSED';
  const message = error instanceof Error ? error.message : '';
  return /database is not open|database is locked|SQLITE_(BUSY|IOERR|FULL|CANTOPEN|READONLY)|disk I\/O error|readonly database/i.test(
    message,
  );
}
