import type { FastifyRequest } from 'fastify';
import { ApiError } from './api-error.ts';

/**
 * A body with a Content-Encoding is refused with 415: the service does not decode bodies, and gzip read as JSON
 * would answer a misleading MALFORMED_JSON.
 */
export function refuseEncodedBody(request: FastifyRequest): void {
  const header = request.headers['content-encoding'];
  if (header === undefined || !hasBody(request)) return;
  const codings = header
    .split(',')
    .map((coding) => coding.trim().toLowerCase())
    .filter((coding) => coding !== '');
  if (codings.every((coding) => coding === 'identity')) return;
  throw new ApiError('UNSUPPORTED_MEDIA_TYPE', 'Send the body without Content-Encoding; only identity is accepted.', [
    { path: 'Content-Encoding', message: 'only identity is accepted' },
  ]);
}

/** A body is coming: framed by Content-Length above 0 or by Transfer-Encoding. */
export function hasBody(request: FastifyRequest): boolean {
  return request.headers['transfer-encoding'] !== undefined || Number(request.headers['content-length'] ?? 0) > 0;
}
