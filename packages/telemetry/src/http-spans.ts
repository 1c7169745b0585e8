import { context, propagation, ROOT_CONTEXT, SpanKind, SpanStatusCode, trace, type Context } from '@opentelemetry/api';
import type { FastifyInstance, FastifyRequest, RouteHandlerMethod } from 'fastify';
import { tracerFor } from './spans.ts';

const requests = new WeakMap<FastifyRequest, Context>();

/**
 * A SERVER span per request, opened by the first onRequest hook, so a request refused before its handler (401,
 * 404) leaves one too; the hooks after it and the handler run in it. Only method, route pattern and status are
 * recorded: never a header (the API key), a query or a body. Call before any hook or route is added.
 */
export function traceHttpRoutes(app: FastifyInstance, service: string): void {
  const tracer = tracerFor(service);
  app.addHook('onRequest', (request, _reply, done) => {
    const parent = propagation.extract(ROOT_CONTEXT, request.headers);
    const route = request.routeOptions.url;
    const span = tracer.startSpan(
      route ? `${request.method} ${route}` : request.method,
      {
        kind: SpanKind.SERVER,
        attributes: { 'http.request.method': request.method, ...(route ? { 'http.route': route } : {}) },
      },
      parent,
    );
    const active = trace.setSpan(parent, span);
    requests.set(request, active);
    context.with(active, done);
  });
  // The body is read outside the hook's context; the handler is put back in it.
  app.addHook('onRoute', (route) => {
    const handler = route.handler as RouteHandlerMethod;
    route.handler = function traced(request, reply) {
      const active = requests.get(request);
      return active
        ? context.with(active, () => handler.call(this, request, reply))
        : handler.call(this, request, reply);
    };
  });
  const end = (request: FastifyRequest, status: number | 'aborted') => {
    const span = trace.getSpan(requests.get(request) ?? ROOT_CONTEXT);
    if (!span) return;
    requests.delete(request);
    if (status === 'aborted') span.setStatus({ code: SpanStatusCode.ERROR, message: 'client aborted' });
    else {
      span.setAttribute('http.response.status_code', status);
      if (status >= 500) span.setStatus({ code: SpanStatusCode.ERROR, message: `HTTP ${status}` });
    }
    span.end();
  };
  app.addHook('onResponse', async (request, reply) => end(request, reply.statusCode));
  app.addHook('onRequestAbort', async (request) => end(request, 'aborted'));
}
