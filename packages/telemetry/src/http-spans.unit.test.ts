import Fastify from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { traceHttpRoutes } from './http-spans.ts';
import { inSpan, tracerFor } from './spans.ts';
import { startInMemoryTelemetry, type InMemoryTelemetry } from '../test-support/in-memory-telemetry.ts';

let telemetry: InMemoryTelemetry;
beforeAll(() => void (telemetry = startInMemoryTelemetry()));
afterAll(() => telemetry.shutdown());
beforeEach(() => telemetry.reset());

async function app() {
  const server = Fastify();
  traceHttpRoutes(server, 'fe.ingress');
  // What the handler does runs in the request's span: the invoice route's append is its child.
  server.post('/api/v1/things/:id', async () => inSpan(tracerFor('fe.test'), 'work', {}, async () => ({ ok: true })));
  server.get('/boom', async () => {
    throw new Error('down');
  });
  await server.ready();
  return server;
}

describe('traceHttpRoutes', () => {
  it("opens a SERVER span per request, named after the route pattern, the parent of the handler's work and a child of the caller's traceparent", async () => {
    const server = await app();
    const answer = await server.inject({
      method: 'POST',
      url: '/api/v1/things/42?secret=q',
      payload: { pin: '12345' },
      headers: {
        authorization: 'Bearer fe_live_key',
        traceparent: '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01',
      },
    });
    expect(answer.statusCode).toBe(200);
    const [work, request] = telemetry.spans();
    expect(request).toMatchObject({
      name: 'POST /api/v1/things/:id',
      kind: 1 /* SERVER */,
      traceId: '0af7651916cd43dd8448eb211c80319c',
      parentSpanId: 'b7ad6b7169203331',
      attributes: {
        'http.request.method': 'POST',
        'http.route': '/api/v1/things/:id',
        'http.response.status_code': 200,
      },
    });
    expect(work).toMatchObject({ name: 'work', parentSpanId: request!.spanId, traceId: request!.traceId });
    // Method, route and status only: no header, query or body.
    expect(JSON.stringify(telemetry.spans())).not.toMatch(/fe_live_key|secret|12345|things\/42/);
    await server.close();
  });

  it('leaves a span for a request an onRequest hook refuses (401) and for an unknown route, without its query', async () => {
    const server = Fastify();
    traceHttpRoutes(server, 'fe.ingress');
    server.addHook('onRequest', async (request, reply) => {
      if (request.url.startsWith('/api/') && !request.headers.authorization) return reply.code(401).send({ no: 1 });
    });
    server.get('/api/v1/service/status/:cufe', async () => ({ ok: true }));
    await server.ready();
    expect((await server.inject({ method: 'GET', url: '/api/v1/service/status/abc' })).statusCode).toBe(401);
    expect((await server.inject({ method: 'GET', url: '/nowhere?signature=s3cr3t' })).statusCode).toBe(404);
    const [refused, unknown] = telemetry.spans();
    expect(refused).toMatchObject({
      name: 'GET /api/v1/service/status/:cufe',
      kind: 1,
      attributes: { 'http.route': '/api/v1/service/status/:cufe', 'http.response.status_code': 401 },
    });
    expect(unknown).toMatchObject({ name: 'GET', attributes: { 'http.response.status_code': 404 } });
    expect(JSON.stringify(telemetry.spans())).not.toMatch(/s3cr3t|nowhere/);
    await server.close();
  });

  it('marks a 5xx answer failed', async () => {
    const server = await app();
    expect((await server.inject({ method: 'GET', url: '/boom' })).statusCode).toBe(500);
    expect(telemetry.spans()[0]).toMatchObject({ name: 'GET /boom', status: { code: 2, message: 'HTTP 500' } });
    await server.close();
  });
});
