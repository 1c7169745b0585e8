import { randomUUID } from 'node:crypto';
import type { Socket } from 'node:net';
import { limitConnectionsPerAddress, type Logger } from '@fe/platform';
import { closeOnUnreadBody } from '@fe/service-runtime';
import { traceHttpRoutes } from '@fe/telemetry';
import type { TenantDirectory } from '@fe/tenancy';
import Fastify, { LogController, type FastifyInstance, type FastifyPluginAsync } from 'fastify';
import { authenticateWithFailureLimit } from '../auth/failed-attempts.ts';
import type { IngressConfig } from '../config.ts';
import { TokenBuckets } from '../rate-limit/token-bucket.ts';
import { ApiError } from './api-error.ts';
import { handleClientError, handleUnmetExpectation } from './client-error.ts';
import { refuseEncodedBody } from './content-encoding.ts';
import { sendError } from './error-handler.ts';
import { parseJsonBody, refuseUnknownCharset } from './json-body.ts';
import { collectRouteMethods } from './route-methods.ts';

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
 * The service's one HTTP app (docs/architecture.md, convention 5). /api/ requests are authenticated and rate-limited
 * before their body is read, and every error, even Node's parser refusals, leaves with the one error body.
 */
export function createHttpApp(options: HttpAppOptions): FastifyInstance {
  const { tenants, config } = options;
  const now = options.now ?? Date.now;
  const limiter = new TokenBuckets({ perSecond: config.rateLimitPerSecond, burst: config.rateLimitBurst });
  const authenticate = authenticateWithFailureLimit(
    tenants,
    new TokenBuckets({ perSecond: config.authFailuresPerMinute / 60, burst: config.authFailureBurst }),
  );
  // The request in flight on each connection, so a timeout answered by clientError carries its id.
  const requestOnSocket = new WeakMap<Socket, string>();
  const app = Fastify({
    loggerInstance: options.logger as never,
    // One line per request is written by the onResponse hook below, with the tenant and no headers;
    // every line logged for a request carries its id under the documented key, once.
    logController: new LogController({ disableRequestLogging: true, requestIdLogLabel: 'req_id' }),
    bodyLimit: config.bodyLimitBytes,
    ...nodeServerOptions(config),
    clientErrorHandler: handleClientError(options.logger, (socket) => requestOnSocket.get(socket)),
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : `req_${randomUUID()}`;
    },
  });

  app.server.maxConnections = config.maxConnections;
  // One address filling the global limit would lock every other client out.
  limitConnectionsPerAddress(app.server, config.maxConnectionsPerAddress, (network) =>
    options.logger.warn({ network, limit: config.maxConnectionsPerAddress }, 'client address at its connection limit'),
  );
  app.server.on('checkExpectation', handleUnmetExpectation(options.logger));
  const routeMethods = collectRouteMethods(app as unknown as FastifyInstance);

  // Before any route: each route's handler runs inside its request's span (no-op without telemetry).
  traceHttpRoutes(app as unknown as FastifyInstance, 'fe.ingress');
  app.decorateRequest('tenantId', '');
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (req, body, done) => {
    try {
      done(null, parseJsonBody(req.headers['content-type'], body as Buffer));
    } catch (error) {
      done(error as Error, undefined);
    }
  });
  closeOnUnreadBody(app as unknown as FastifyInstance);

  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
    requestOnSocket.set(request.raw.socket, request.id);
    // RFC 9112 §3.2; Node's own check (turned off in nodeServerOptions) answers an empty 400.
    if (request.raw.httpVersion !== '1.0' && request.headers.host === undefined) {
      throw new ApiError('MALFORMED_HTTP', 'An HTTP/1.1 request needs a Host header.', [
        { path: 'Host', message: 'missing' },
      ]);
    }
    if (!request.url.startsWith('/api/')) return;
    request.tenantId = await authenticate(request.ip, request.headers.authorization, now());
    const wait = limiter.take(request.tenantId, now());
    if (wait > 0)
      throw new ApiError('RATE_LIMITED', 'Too many requests for this tenant; slow down.', [], {
        'Retry-After': String(wait),
      });
  });
  app.addHook('preParsing', async (request) => {
    refuseEncodedBody(request as never);
    refuseUnknownCharset(request as never);
  });
  app.addHook('onResponse', async (request, reply) => {
    requestOnSocket.delete(request.raw.socket);
    request.log.info(
      {
        method: request.method,
        // The route's pattern, else the path: a query string may hold a signed link's signature.
        url: request.routeOptions.url ?? request.url.split('?')[0],
        status: reply.statusCode,
        tenant_id: request.tenantId || undefined,
        ms: Math.round(reply.elapsedTime * 10) / 10,
      },
      'request',
    );
  });

  app.setErrorHandler((error, request, reply) =>
    sendError(error, request as never, reply as never, config.retryAfterSeconds),
  );
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0]!;
    const allowed = routeMethods.allowed(path);
    const error =
      allowed.length > 0
        ? new ApiError(
            'METHOD_NOT_ALLOWED',
            `${path} does not answer ${request.method}; it answers ${allowed.join(', ')}.`,
            [{ path: 'method', message: `one of ${allowed.join(', ')}` }],
            { Allow: allowed.join(', ') },
          )
        : new ApiError('ROUTE_NOT_FOUND', `No route ${request.method} ${path}.`);
    return sendError(error, request as never, reply as never, config.retryAfterSeconds);
  });
  for (const routes of options.routes) void app.register(routes);
  return app as unknown as FastifyInstance;
}

/**
 * Node's own slow-client guards, which fastify leaves off. Node checks deadlines on a timer, so a short check
 * interval keeps the cut-off near the configured value.
 */
function nodeServerOptions(config: IngressConfig) {
  const checkEveryMs = Math.max(
    1,
    Math.min(1000, Math.floor(Math.min(config.headersTimeoutMs, config.requestTimeoutMs) / 4)),
  );
  return {
    requestTimeout: config.requestTimeoutMs,
    keepAliveTimeout: config.keepAliveTimeoutMs,
    http: {
      requestTimeout: config.requestTimeoutMs,
      headersTimeout: config.headersTimeoutMs,
      connectionsCheckingInterval: checkEveryMs,
      // Checked in the onRequest hook instead, to answer in the API's error body.
      requireHostHeader: false,
    },
  };
}
