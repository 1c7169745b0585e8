import { once } from 'node:events';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { issueOverHttp } from './issue-through-api.ts';

const servers: ReturnType<typeof createServer>[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) await new Promise((done) => server.close(done));
});

/** A real HTTP server on a free loopback port that records what it received and answers `status` with `body`. */
async function api(status: number, body: string) {
  const seen: { method?: string; url?: string; headers?: IncomingHttpHeaders; body?: string } = {};
  const server = createServer((request, response) => {
    let text = '';
    request.on('data', (chunk: Buffer) => {
      text += chunk.toString('utf8');
    });
    request.on('end', () => {
      Object.assign(seen, { method: request.method, url: request.url, headers: request.headers, body: text });
      response.writeHead(status, { 'content-type': 'application/json' }).end(body);
    });
  });
  servers.push(server);
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen };
}

describe('issueOverHttp: the portal process issues the habilitación set through an ingress', () => {
  it("posts the document to the API with the tenant's key, the run's Idempotency-Key and no wait, and hands back the status and the JSON answer", async () => {
    const ingress = await api(
      202,
      JSON.stringify({ cufe: 'c'.repeat(96), number: 'SETP990000001', status: 'pending' }),
    );
    const answer = await issueOverHttp(ingress.url)('fe_test_abc', { lines: [] }, 'fe-test-set:r1:0');
    expect(answer).toEqual({ status: 202, body: { cufe: 'c'.repeat(96), number: 'SETP990000001', status: 'pending' } });
    expect(ingress.seen).toMatchObject({ method: 'POST', url: '/api/v1/service/invoice', body: '{"lines":[]}' });
    expect(ingress.seen.headers).toMatchObject({
      authorization: 'Bearer fe_test_abc',
      prefer: 'wait=0',
      'content-type': 'application/json',
      'idempotency-key': 'fe-test-set:r1:0',
    });
  });

  it("keeps a refusal's status and code, and an answer that is not JSON becomes an empty body (the run reports the status)", async () => {
    const error = { code: 'NUMBER_OUT_OF_RANGE', message: 'bad', details: [{ path: 'number', message: 'bad' }] };
    const refused = await api(422, JSON.stringify({ success: false, error, request_id: 'r' }));
    expect(await issueOverHttp(refused.url)('k', {}, 'fe-test-set:r1:1')).toEqual({
      status: 422,
      body: { success: false, error, request_id: 'r' },
    });
    const broken = await api(502, '<html>bad gateway</html>');
    expect(await issueOverHttp(broken.url)('k', {}, 'fe-test-set:r1:2')).toEqual({ status: 502, body: {} });
  });
});
