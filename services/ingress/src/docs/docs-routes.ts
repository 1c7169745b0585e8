import { buildOpenApiDocument } from '@fe/contracts';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { ApiError } from '../http/api-error.ts';
import { acceptsGzip, docsAssets } from './docs-assets.ts';
import { linksPage, referencePage } from './docs-pages.ts';
import { openApiServedAt, serverUrl } from './openapi-servers.ts';

export type DocsOptions = {
  /** FE_BASE_URL when configured: the API's public address, which the OpenAPI document's servers then name. */
  publicUrl?: string | undefined;
  /** Where `/` sends a browser (the admin portal, where this process serves it); without one `/` is a page of links. */
  home?: string | undefined;
};

/** Own files only, nothing inline; `data:` images are Swagger UI's icons in its stylesheet. */
const pageHeaders = {
  'content-security-policy':
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
  'cache-control': 'no-cache',
};

/**
 * GET /docs (the API reference, rendered by Swagger UI served from here), /docs/openapi.json (the OpenAPI 3.1
 * document, its servers naming the address the request reached), /docs/assets/… and /.
 */
export function docsRoutes(options: DocsOptions = {}): FastifyPluginAsync {
  return async (app) => {
    const openApi = openApiServedAt(buildOpenApiDocument());
    const assets = docsAssets();
    const page = (reply: FastifyReply, html: string) =>
      reply.headers(pageHeaders).type('text/html; charset=utf-8').send(html);

    app.get('/docs', async (_request, reply) => page(reply, referencePage));
    app.get('/docs/openapi.json', async (request, reply) =>
      reply
        .type('application/json; charset=utf-8')
        .headers({ 'x-content-type-options': 'nosniff', 'cache-control': 'no-cache', vary: 'host, x-forwarded-proto' })
        .send(openApi(serverUrl(request.raw, options.publicUrl))),
    );
    app.get('/docs/assets/:name', async (request, reply) => {
      const name = (request.params as { name: string }).name;
      const asset = assets.get(name);
      if (!asset) throw new ApiError('ROUTE_NOT_FOUND', `No route ${request.method} /docs/assets/${name}.`);
      reply.type(asset.type).headers({
        'x-content-type-options': 'nosniff',
        'cache-control': 'public, max-age=3600',
        vary: 'accept-encoding',
      });
      if (!acceptsGzip(request.headers['accept-encoding'])) return reply.send(asset.body);
      return reply.header('content-encoding', 'gzip').send(await asset.gzipped());
    });
    app.get('/', async (_request, reply) =>
      options.home ? reply.redirect(options.home, 302) : page(reply, linksPage),
    );
  };
}
