import { PlatformError, type BlobStore, type SignedLinks } from '@fe/platform';
import type { FastifyPluginAsync } from 'fastify';
import { ApiError } from '../http/api-error.ts';

/**
 * GET /files/<key>: the embedded shape's file links. The link is the capability (no API key), naming one file until
 * it expires.
 */
export function filesRoute(blobs: BlobStore, links: SignedLinks, now: () => Date): FastifyPluginAsync {
  return async (app) => {
    app.get<{ Params: { '*': string }; Querystring: { expires?: string; signature?: string } }>(
      '/files/*',
      async (request, reply) => {
        const key = request.params['*'];
        const verdict = links.verify(key, request.query.expires, request.query.signature, now());
        if (verdict === 'invalid')
          throw new ApiError('LINK_INVALID', 'This file link is not valid.', [
            { path: 'signature', message: 'does not match the file and expiry' },
          ]);
        if (verdict === 'expired')
          throw new ApiError('LINK_EXPIRED', 'This file link expired; the status endpoint hands out fresh ones.', [
            { path: 'expires', message: 'in the past' },
          ]);
        try {
          const blob = await blobs.get(key);
          return reply
            .header('content-type', blob.contentType)
            .header('cache-control', 'private, max-age=300')
            .header('content-disposition', `inline; filename="${key.split('/').pop()}"`)
            .send(Buffer.from(blob.bytes));
        } catch (error) {
          if (error instanceof PlatformError && error.code === 'BLOB_NOT_FOUND')
            throw new ApiError(
              'FILE_NOT_READY',
              "This file does not exist yet; the PDF is drawn after DIAN's verdict.",
              [{ path: '', message: 'not written yet' }],
            );
          throw error;
        }
      },
    );
  };
}
