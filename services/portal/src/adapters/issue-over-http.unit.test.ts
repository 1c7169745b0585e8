import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { inSpan, tracerFor } from '@fe/telemetry';
import { startInMemoryTelemetry, type InMemoryTelemetry } from '@fe/telemetry/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueOverHttp } from './issue-through-api.ts';

let telemetry: InMemoryTelemetry;
beforeAll(() => void (telemetry = startInMemoryTelemetry()));
afterAll(() => telemetry.shutdown());

describe('issueOverHttp', () => {
  it("sends the portal request's trace context with each invoice of the set", async () => {
    let received: IncomingHttpHeaders = {};
    const server = createServer((request, response) => {
      received = request.headers;
      response.writeHead(202, { 'content-type': 'application/json' }).end('{"cufe":"c"}');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const issue = issueOverHttp(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
    const answer = await inSpan(tracerFor('fe.portal'), 'POST /admin/habilitacion', {}, () =>
      issue('fe_test_key', { n: 1 }, 'key-1'),
    );
    await new Promise<void>((resolve) => server.close(() => resolve()));
    expect(answer.status).toBe(202);
    const [span] = telemetry.spans();
    expect(received.traceparent).toBe(`00-${span!.traceId}-${span!.spanId}-01`);
  });
});
