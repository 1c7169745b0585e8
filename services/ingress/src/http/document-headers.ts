import type { FastifyRequest } from 'fastify';
import { ApiError } from './api-error.ts';

/**
 * `Prefer: wait=<seconds>` (RFC 7240) shortens the wait budget for one request, e.g. `wait=0`
 * answers 202 as soon as the document is numbered; it never lengthens the configured budget.
 */
function preferredWaitMs(prefer: string | string[] | undefined): number | undefined {
  const text = Array.isArray(prefer) ? prefer.join(',') : prefer;
  const match = text === undefined ? null : /(?:^|[,;\s])wait=(\d{1,6})(?:$|[,;\s])/i.exec(text);
  return match ? Number(match[1]) * 1000 : undefined;
}

/**
 * What every POST that creates a document reads from its headers: the Idempotency-Key (1–255 characters) and Prefer:
 * wait.
 */
export function documentHeaders(request: FastifyRequest): {
  idempotencyKey: string | undefined;
  waitMs: number | undefined;
} {
  const header = request.headers['idempotency-key'];
  const key = Array.isArray(header) ? header[0] : header;
  if (key !== undefined && (key.length < 1 || key.length > 255)) {
    throw new ApiError('VALIDATION_ERROR', 'Idempotency-Key must be 1 to 255 characters.', [
      { path: 'Idempotency-Key', message: 'must be 1 to 255 characters' },
    ]);
  }
  return { idempotencyKey: key, waitMs: preferredWaitMs(request.headers.prefer) };
}
