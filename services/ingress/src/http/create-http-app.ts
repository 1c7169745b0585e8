import { randomUUID } from 'node:crypto';
import type { Logger } from '@fe/platform';
import type { TenantDirectory } from '@fe/tenancy';
import Fastify, { LogController, type FastifyInstance, type FastifyPluginAsync } from 'fastify';
import { authenticateBearer } from '../auth/bearer-token.ts';
import type { IngressConfig } from '../config.ts';
import { TokenBuckets } from '../rate-limit/token-bucket.ts';
import { ApiError } from './api-error.ts';
import { sendError } from './error-handler.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The authenticated tenant; set by the onRequest hook for every /api/ route. */
    tenantId: string;
  }
}

export type HttpAppOptions = {
  logger: Logger;
  tenants: TenantDirectory;
  config: IngressConfig;
  /** Route plugins: the invoice route, the status route, files, docs. */
  routes: readonly FastifyPluginAsync[];
  now?: () => number;
};

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * The one HTTP app of the service (docs/architecture.md convention 5: built here, started by a
 * composition root; tests use a real port or `inject`). Every /api/ request is authenticated and
 * rate-limited before its body is read; every error leaves with the one error body and a request id.
 */
export function createHttpApp(options: HttpAppOptions): FastifyInstance {
  const { tenants, config } = options;
  const now = options.now ?? Date.now;
  const limiter = new TokenBuckets({ perSecond: config.rateLimitPerSecond, burst: config.rateLimitBurst });
  const app = Fastify({
    loggerInstance: options.logger as never,
    // One line per request is written by the onResponse hook below, with the tenant and no headers;
    // every line logged for a request carries its id under the documented key, once.
    logController: new LogController({ disableRequestLogging: true, requestIdLogLabel: 'req_id' }),
    bodyLimit: config.bodyLimitBytes,
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : `req_${randomUUID()}`;
    },
  });

  app.decorateRequest('tenantId', '');
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => {
    try {
      done(null, JSON.parse(body as string));
    } catch {
      done(new ApiError('MALFORMED_JSON', 'The body is not valid JSON.', [{ path: '', message: 'not JSON' }]), undefined);
    }
  });

  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
    if (!request.url.startsWith('/api/')) return;
    request.tenantId = await authenticateBearer(request.headers.authorization, tenants);
    const wait = limiter.take(request.tenantId, now());
    if (wait > 0) throw new ApiError('RATE_LIMITED', 'Too many requests for this tenant; slow down.', [], { 'Retry-After': String(wait) });
  });
  app.addHook('onResponse', async (request, reply) => {
    request.log.info({ method: request.method, url: request.routeOptions.url ?? request.url, status: reply.statusCode, tenant_id: request.tenantId || undefined, ms: Math.round(reply.elapsedTime * 10) / 10 }, 'request');
  });

  app.setErrorHandler((error, request, reply) => sendError(error, request as never, reply as never, config.retryAfterSeconds));
  app.setNotFoundHandler((request, reply) => sendError(new ApiError('ROUTE_NOT_FOUND', `No route ${request.method} ${request.url.split('?')[0]}.`), request as never, reply as never, config.retryAfterSeconds));
  for (const routes of options.routes) void app.register(routes);
  return app as unknown as FastifyInstance;
}
