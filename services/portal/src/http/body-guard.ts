import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { PortalError } from '../errors.ts';

/**
 * The forms that take multipart, each with its file limit: one .p12 and its password (docs/portal.md, "What the portal
 * refuses"), and a supplier's invoice (a zip with its PDF stays under DIAN's 2 MiB; docs/radian.md).
 */
const UPLOAD_FILE_LIMITS = new Map([
  ['/admin/onboarding/certificate', 100 * 1024],
  ['/admin/received', 4 * 1024 * 1024],
]);
const UPLOAD_FIELD_LIMIT = 8 * 1024;
/** The file, a few fields and the multipart framing: a declared length above this is refused unread. */
const uploadBodyLimit = (path: string) => (UPLOAD_FILE_LIMITS.get(path) ?? 0) + 32 * 1024;
const pathOf = (request: FastifyRequest) => request.url.split('?')[0]!;

export const multipartOptions = {
  attachFieldsToBody: 'keyValues' as const,
  limits: {
    fileSize: Math.max(...UPLOAD_FILE_LIMITS.values()),
    fieldSize: UPLOAD_FIELD_LIMIT,
    files: 1,
    fields: 10,
    parts: 12,
  },
  // Stops at the form's limit: busboy alone would read (and drop) the rest of an oversized file before refusing it.
  async onFile(this: FastifyRequest, part: MultipartFile) {
    const limit = UPLOAD_FILE_LIMITS.get(pathOf(this)) ?? 0;
    const chunks: Buffer[] = [];
    let size = 0;
    part.file.once('limit', () => part.file.destroy(new PortalError('BODY_TOO_LARGE')));
    for await (const chunk of part.file) {
      size += (chunk as Buffer).length;
      if (size > limit) {
        part.file.destroy();
        throw new PortalError('BODY_TOO_LARGE');
      }
      chunks.push(chunk as Buffer);
    }
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
  if (!UPLOAD_FILE_LIMITS.has(pathOf(request))) throw new PortalError('BODY_TYPE_UNSUPPORTED');
  if (!BOUNDARY.test(String(request.headers['content-type']))) throw new PortalError('BODY_MALFORMED');
  if (Number(request.headers['content-length'] ?? 0) > uploadBodyLimit(pathOf(request)))
    throw new PortalError('BODY_TOO_LARGE');
}

/** An upload from a visitor with no session: sent to the login page before its body is read. */
export const anonymousUpload = (request: FastifyRequest): boolean => multipartType(request) && !request.visitor.account;
