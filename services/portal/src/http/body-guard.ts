import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { PortalError } from '../errors.ts';

/** The only form that takes multipart: one .p12 and its password (docs/portal.md, "What the portal refuses"). */
const UPLOAD_PATHS = new Set(['/admin/onboarding/certificate']);
const UPLOAD_FILE_LIMIT = 100 * 1024;
const UPLOAD_FIELD_LIMIT = 8 * 1024;
/** The file, a few fields and the multipart framing: a declared length above this is refused unread. */
const UPLOAD_BODY_LIMIT = UPLOAD_FILE_LIMIT + 32 * 1024;

export const multipartOptions = {
  attachFieldsToBody: 'keyValues' as const,
  limits: { fileSize: UPLOAD_FILE_LIMIT, fieldSize: UPLOAD_FIELD_LIMIT, files: 1, fields: 10, parts: 12 },
  // Stops at the limit: busboy alone would read (and drop) the rest of an oversized file before refusing it.
  async onFile(this: FastifyRequest, part: MultipartFile) {
    const chunks: Buffer[] = [];
    part.file.once('limit', () => part.file.destroy(new PortalError('BODY_TOO_LARGE')));
    for await (const chunk of part.file) chunks.push(chunk as Buffer);
    (part as { value?: unknown }).value = Buffer.concat(chunks);
  },
};

const multipartType = (request: FastifyRequest) =>
  /^multipart\//i.test(String(request.headers['content-type'] ?? '').trimStart());

/** A boundary parameter of 1-70 characters (RFC 2046), quoted or not; busboy checks the body against it. */
const BOUNDARY = /;\s*boundary=(?:"[^"]{1,70}"|[^\s";,]{1,70})\s*(?:;|$)/i;

/**
 * What can be refused from the head alone, before any of the body is read: a Content-Encoding, multipart outside
 * the upload form or without a boundary, an upload declared over its limit.
 */
export function refuseBodyFromHead(request: FastifyRequest): void {
  const coding = request.headers['content-encoding'];
  if (coding !== undefined && coding.split(',').some((c) => !['', 'identity'].includes(c.trim().toLowerCase())))
    throw new PortalError('BODY_ENCODED');
  if (!multipartType(request)) return;
  if (!UPLOAD_PATHS.has(request.url.split('?')[0]!)) throw new PortalError('BODY_TYPE_UNSUPPORTED');
  if (!BOUNDARY.test(String(request.headers['content-type']))) throw new PortalError('BODY_MALFORMED');
  if (Number(request.headers['content-length'] ?? 0) > UPLOAD_BODY_LIMIT) throw new PortalError('BODY_TOO_LARGE');
}

/** An upload from a visitor with no session: sent to the login page before its body is read. */
export const anonymousUpload = (request: FastifyRequest): boolean => multipartType(request) && !request.visitor.account;
