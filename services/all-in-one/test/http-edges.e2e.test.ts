/* eslint-disable @typescript-eslint/no-explicit-any -- JSON answers are checked field by field */
// The HTTP edges on the whole embedded service, with its real routes and the keys read from the
// environment: 405 with Allow on the service's own paths, 415 for a gzip body, 408 for a body that
// stops coming, 431 for oversized headers, and failed authentications limited per client address.
import { request } from 'node:http';
import { errorBodySchema } from '@fe/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exampleRequest, startWorld, type World } from '../test-support/world.ts';

let world: World;
beforeAll(async () => {
  world = await startWorld({
    FE_REQUEST_TIMEOUT_MS: '1000',
    FE_HEADERS_TIMEOUT_MS: '1000',
    FE_AUTH_FAILURE_BURST: '3',
    FE_AUTH_FAILURES_PER_MINUTE: '1',
  });
});
afterAll(async () => world?.close());

type Answer = { status: number; headers: Record<string, string | string[] | undefined>; body: any };

/**
 * One request with node:http, which can bind the client to another loopback address (`from`) and
 * send part of a body without ending it (`end: false`).
 */
function send(
  method: string,
  path: string,
  options: { headers?: Record<string, string>; body?: string | Buffer; end?: boolean; from?: string } = {},
): Promise<Answer> {
  const url = new URL(world.url);
  return new Promise((resolve, reject) => {
    const outgoing = request(
      { host: url.hostname, port: url.port, method, path, headers: options.headers, localAddress: options.from },
      (incoming) => {
        let text = '';
        incoming
          .setEncoding('utf8')
          .on('data', (chunk) => (text += chunk))
          .on('end', () => {
            let body: unknown;
            try {
              body = JSON.parse(text);
            } catch {
              body = undefined;
            }
            resolve({ status: incoming.statusCode!, headers: incoming.headers, body });
          });
      },
    );
    outgoing.on('error', reject);
    // A server that never cuts the client off fails the test instead of hanging it.
    outgoing.setTimeout(10_000, () => outgoing.destroy(new Error('no answer within 10 s')));
    if (options.body !== undefined) outgoing.write(options.body);
    if (options.end !== false) outgoing.end();
  });
}

const bearer = (key: string) => ({ authorization: `Bearer ${key}` });

function expectError(answer: Answer, status: number, code: string): void {
  expect({ status: answer.status, code: answer.body?.error?.code }).toEqual({ status, code });
  expect(errorBodySchema.safeParse(answer.body).success).toBe(true);
  expect(answer.body.request_id).toBe(answer.headers['x-request-id']);
}

describe('methods', () => {
  it('405 METHOD_NOT_ALLOWED with Allow on every route of the service, 404 where no route is', async () => {
    const invoice = await send('PUT', '/api/v1/service/invoice', { headers: bearer(world.apiKey) });
    expectError(invoice, 405, 'METHOD_NOT_ALLOWED');
    expect(invoice.headers.allow).toBe('POST');
    const status = await send('POST', `/api/v1/service/status/${'0'.repeat(96)}`, { headers: bearer(world.apiKey) });
    expect({ status: status.status, allow: status.headers.allow }).toEqual({ status: 405, allow: 'GET, HEAD' });
    const file = await send('DELETE', '/files/demo/SETP990000001.xml');
    expect({ status: file.status, allow: file.headers.allow }).toEqual({ status: 405, allow: 'GET, HEAD' });
    expectError(
      await send('GET', '/api/v1/service/nothing', { headers: bearer(world.apiKey) }),
      404,
      'ROUTE_NOT_FOUND',
    );
  });
});

describe('bodies', () => {
  it('415 UNSUPPORTED_MEDIA_TYPE naming Content-Encoding for a gzip body, and nothing is numbered', async () => {
    const { gzipSync } = await import('node:zlib');
    const before = (await world.embedded.statusStore.all()).length;
    const answer = await send('POST', '/api/v1/service/invoice', {
      headers: { ...bearer(world.apiKey), 'content-type': 'application/json', 'content-encoding': 'gzip' },
      body: gzipSync(JSON.stringify(exampleRequest)),
    });
    expectError(answer, 415, 'UNSUPPORTED_MEDIA_TYPE');
    expect(answer.body.error.details).toEqual([{ path: 'Content-Encoding', message: 'only identity is accepted' }]);
    expect((await world.embedded.statusStore.all()).length).toBe(before);
  });

  it('408 REQUEST_TIMEOUT for a body that stops coming (FE_REQUEST_TIMEOUT_MS), logged below error level', async () => {
    const answer = await send('POST', '/api/v1/service/invoice', {
      headers: { ...bearer(world.apiKey), 'content-type': 'application/json', 'content-length': '5000' },
      body: '{"customer":',
      end: false,
    });
    expectError(answer, 408, 'REQUEST_TIMEOUT');
    const line = world.logs.find((l) => l.includes(answer.body.request_id) && l.includes('REQUEST_TIMEOUT'));
    expect(line).toContain('"level":30');
    expect(world.logs.filter((l) => l.includes(answer.body.request_id) && /"level":(40|50)/.test(l))).toEqual([]);
  });

  it('431 HEADERS_TOO_LARGE in the error body for headers over the limit', async () => {
    expectError(await send('GET', '/docs', { headers: { 'x-big': 'a'.repeat(20_000) } }), 431, 'HEADERS_TOO_LARGE');
  });
});

describe('failed authentication', () => {
  it('a client address that keeps failing gets 429 with Retry-After before its key is checked; others are served', async () => {
    const path = `/api/v1/service/status/${'0'.repeat(96)}`;
    const statuses = [];
    for (let i = 0; i < 3; i++)
      statuses.push((await send('GET', path, { headers: bearer(`fe_test_wrong${i}`), from: '127.0.0.2' })).status);
    expect(statuses).toEqual([401, 401, 401]);
    const limited = await send('GET', path, { headers: bearer(world.apiKey), from: '127.0.0.2' });
    expectError(limited, 429, 'RATE_LIMITED');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expectError(
      await send('GET', path, { headers: bearer(world.apiKey), from: '127.0.0.1' }),
      404,
      'INVOICE_NOT_FOUND',
    );
  });
});
