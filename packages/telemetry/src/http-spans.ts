import { context, propagation, ROOT_CONTEXT, SpanKind, SpanStatusCode, trace, type Span } from '@opentelemetry/api';
import type { FastifyInstance, FastifyRequest, RouteHandlerMethod } from 'fastify';
import { tracerFor } from './spans.ts';

const spans = new WeakMap<FastifyRequest, Span>();

/**
 * A SERVER span per route request, the parent of everything its handler does. Only method, route pattern and
 * status are recorded: never a header (the API key), a query or a body. Call before registering routes.
 */
export function traceHttpRoutes(app: FastifyInstance, service: string): void {
  const tracer = tracerFor(service);
  app.addHook('onRoute', (route) => {
    const handler = route.handler as RouteHandlerMethod;
    const methods = Array.isArray(route.method) ? route.method.join(',') : route.method;
    route.handler = function traced(request, reply) {
      const parent = propagation.extract(ROOT_CONTEXT, request.headers);
      const span = tracer.startSpan(
        `${request.method} ${route.url}`,
        {
          kind: SpanKind.SERVER,
          attributes: { 'http.request.method': request.method, 'http.route': route.url, 'fe.route.methods': methods },
        },
        parent,
      );
      spans.set(request, span);
      return context.with(trace.setSpan(parent, span), () => handler.call(this, request, reply));
    };
  });
  app.addHook('onResponse', async (request, reply) => {
    const span = spans.get(request);
    if (!span) return;
    spans.delete(request);
    span.setAttribute('http.response.status_code', reply.statusCode);
    if (reply.statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR, message: `HTTP ${reply.statusCode}` });
    span.end();
  });
  app.addHook('onRequestAbort', async (request) => {
    const span = spans.get(request);
    if (!span) return;
    spans.delete(request);
    span.setStatus({ code: SpanStatusCode.ERROR, message: 'client aborted' });
    span.end();
  });
}
