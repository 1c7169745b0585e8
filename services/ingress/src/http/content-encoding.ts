import type { FastifyRequest } from 'fastify';
import { ApiError } from './api-error.ts';

/**
 * A body sent with a Content-Encoding other than `identity` (gzip, br, deflate…) is refused with 415:
 * the service does not decode bodies, and reading gzip bytes as JSON text would answer a misleading
 * MALFORMED_JSON at best. A request without a body may carry the header harmlessly.
 */
export function refuseEncodedBody(request: FastifyRequest): void {
  const header = request.headers['content-encoding'];
  if (header === undefined || !hasBody(request)) return;
  const codings = header.split(',').map((coding) => coding.trim().toLowerCase()).filter((coding) => coding !== '');
  if (codings.every((coding) => coding === 'identity')) return;
  throw new ApiError('UNSUPPORTED_MEDIA_TYPE', 'Send the body without Content-Encoding; only identity is accepted.', [{ path: 'Content-Encoding', message: 'only identity is accepted' }]);
}

function hasBody(request: FastifyRequest): boolean {
  return request.headers['transfer-encoding'] !== undefined || Number(request.headers['content-length'] ?? 0) > 0;
}
