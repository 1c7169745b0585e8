import type { FastifyRequest } from 'fastify';
import { PortalError, type PortalErrorCode } from '../errors.ts';

/** Fastify's and @fastify/multipart's refusals of a body, by their codes. */
const bodyErrorCodes: Record<string, PortalErrorCode> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'BODY_TYPE_UNSUPPORTED',
  FST_ERR_CTP_INVALID_TYPE: 'BODY_TYPE_UNSUPPORTED',
  FST_INVALID_MULTIPART_CONTENT_TYPE: 'BODY_TYPE_UNSUPPORTED',
  FST_ERR_CTP_BODY_TOO_LARGE: 'BODY_TOO_LARGE',
  FST_REQ_FILE_TOO_LARGE: 'BODY_TOO_LARGE',
  FST_PARTS_LIMIT: 'BODY_TOO_LARGE',
  FST_FILES_LIMIT: 'BODY_TOO_LARGE',
  FST_FIELDS_LIMIT: 'BODY_TOO_LARGE',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'BODY_MALFORMED',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'BODY_MALFORMED',
  FST_PROTO_VIOLATION: 'BODY_MALFORMED',
  FST_MP_PREMATURE_CLOSE: 'BODY_MALFORMED',
};

/** SQLite's SQLITE_FULL, PostgreSQL's disk_full, a file write's ENOSPC: nothing was stored, and it may pass. */
function isStorageFull(error: unknown): boolean {
  const e = error as { code?: unknown; errcode?: unknown; message?: unknown } | undefined;
  if (!e || typeof e !== 'object') return false;
  return (
    e.code === 'ENOSPC' ||
    e.code === '53100' ||
    (e.code === 'ERR_SQLITE_ERROR' && e.errcode === 13) ||
    (typeof e.message === 'string' && /database or disk is full/i.test(e.message))
  );
}

/** Requests whose body is being read: an error there that fastify did not code is a body it could not parse. */
const readingBody = new WeakSet<FastifyRequest>();
export const bodyReadStarts = (request: FastifyRequest): void => void readingBody.add(request);
export const bodyReadEnds = (request: FastifyRequest): void => void readingBody.delete(request);

/** The portal refusal an error stands for, or undefined for a fault of the portal's own (a 500, logged). */
export function refusalOf(error: unknown, request: FastifyRequest): PortalError | undefined {
  if (error instanceof PortalError) return error;
  if (isStorageFull(error)) return new PortalError('STORAGE_FULL');
  const code = bodyErrorCodes[String((error as { code?: unknown } | undefined)?.code)];
  if (code) return new PortalError(code);
  return readingBody.has(request) ? new PortalError('BODY_MALFORMED') : undefined;
}
