// The HTTP edges that need no socket of their own: a wrong method on a known path (405 + Allow,
// learned from the registered routes), a compressed body (415), and failed authentications limited
// per client address (429 before the key is checked). Parser errors, timeouts and the connection
// cap are in http-edges.int.test.ts, over a real socket.
import { errorBodySchema } from '@fe/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp, GOOD_KEY } from '../test-support/http-app-on-a-port.ts';

const bearer = (key: string) => ({ authorization: `Bearer ${key}` });

describe('a wrong method on a known path', () => {
  let app: FastifyInstance;
  beforeAll(() => {
    app = buildApp().app;
  });
  afterAll(() => app.close());

  it('is 405 METHOD_NOT_ALLOWED with Allow listing the methods the path has', async () => {
    const answer = await app.inject({ method: 'PUT', url: '/api/v1/echo', headers: bearer(GOOD_KEY), payload: {} });
    expect({ status: answer.statusCode, code: answer.json().error.code, allow: answer.headers.allow }).toEqual({
      status: 405,
      code: 'METHOD_NOT_ALLOWED',
      allow: 'POST',
    });
    expect(errorBodySchema.safeParse(answer.json()).success).toBe(true);
    expect(answer.json().request_id).toBe(answer.headers['x-request-id']);
  });

  it('matches parametric paths, with every method registered on them (HEAD comes with GET)', async () => {
    const answer = await app.inject({ method: 'POST', url: '/api/v1/things/42?x=1', headers: bearer(GOOD_KEY) });
    expect({ status: answer.statusCode, code: answer.json().error.code, allow: answer.headers.allow }).toEqual({
      status: 405,
      code: 'METHOD_NOT_ALLOWED',
      allow: 'DELETE, GET, HEAD',
    });
  });

  it('stays 404 ROUTE_NOT_FOUND for a path no route has', async () => {
    const answer = await app.inject({ method: 'GET', url: '/api/v1/nothing/here', headers: bearer(GOOD_KEY) });
    expect({ status: answer.statusCode, code: answer.json().error.code, allow: answer.headers.allow }).toEqual({
      status: 404,
      code: 'ROUTE_NOT_FOUND',
      allow: undefined,
    });
  });
});

describe('a body with a Content-Encoding', () => {
  let app: FastifyInstance;
  beforeAll(() => {
    app = buildApp().app;
  });
  afterAll(() => app.close());

  for (const encoding of ['gzip', 'br', 'identity, gzip']) {
    it(`is 415 UNSUPPORTED_MEDIA_TYPE naming Content-Encoding for "${encoding}"`, async () => {
      const answer = await app.inject({
        method: 'POST',
        url: '/api/v1/echo',
        headers: { ...bearer(GOOD_KEY), 'content-type': 'application/json', 'content-encoding': encoding },
        payload: '{"a":1}',
      });
      expect({ status: answer.statusCode, code: answer.json().error.code }).toEqual({
        status: 415,
        code: 'UNSUPPORTED_MEDIA_TYPE',
      });
      expect(answer.json().error.details).toEqual([{ path: 'Content-Encoding', message: 'only identity is accepted' }]);
    });
  }

  it('is read as usual when the encoding is identity', async () => {
    const answer = await app.inject({
      method: 'POST',
      url: '/api/v1/echo',
      headers: { ...bearer(GOOD_KEY), 'content-type': 'application/json', 'content-encoding': 'identity' },
      payload: '{"a":1}',
    });
    expect({ status: answer.statusCode, body: answer.json() }).toEqual({ status: 200, body: { received: { a: 1 } } });
  });
});

describe('failed authentications from one client address', () => {
  let app: FastifyInstance;
  beforeAll(() => {
    // Three failures at once, then one a minute: the fourth wrong key within the test is refused.
    app = buildApp({ FE_AUTH_FAILURE_BURST: '3', FE_AUTH_FAILURES_PER_MINUTE: '1' }).app;
  });
  afterAll(() => app.close());

  const get = (remoteAddress: string, key: string | undefined) =>
    app.inject({
      method: 'GET',
      url: '/api/v1/things/1',
      remoteAddress,
      headers: key === undefined ? {} : bearer(key),
    });

  it('are 401 until the budget is spent, then 429 RATE_LIMITED with Retry-After, even for the right key', async () => {
    const statuses = [];
    for (const key of ['wrong-1', 'wrong-2', undefined]) statuses.push((await get('203.0.113.7', key)).statusCode);
    expect(statuses).toEqual([401, 401, 401]);

    const limited = await get('203.0.113.7', 'wrong-4');
    expect({ status: limited.statusCode, code: limited.json().error.code }).toEqual({
      status: 429,
      code: 'RATE_LIMITED',
    });
    expect(errorBodySchema.safeParse(limited.json()).success).toBe(true);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    // Refused before the key is looked at: a guessed right key teaches nothing now.
    expect((await get('203.0.113.7', GOOD_KEY)).statusCode).toBe(429);
  });

  it('leave clients at other addresses alone', async () => {
    expect((await get('198.51.100.2', GOOD_KEY)).statusCode).toBe(200);
    expect((await get('198.51.100.3', 'wrong')).statusCode).toBe(401);
  });

  it('are counted per /64 for IPv6 clients, who could otherwise change address for each guess', async () => {
    for (const address of ['2001:db8:1:2::a', '2001:db8:1:2::b', '2001:0db8:0001:0002:ffff::c'])
      expect((await get(address, 'wrong')).statusCode).toBe(401);
    expect((await get('2001:db8:1:2:abcd::d', 'wrong')).statusCode).toBe(429);
    expect((await get('2001:db8:1:3::a', GOOD_KEY)).statusCode).toBe(200);
  });

  it('are not counted when authentication succeeds', async () => {
    for (let i = 0; i < 5; i++) expect((await get('198.51.100.9', GOOD_KEY)).statusCode).toBe(200);
    expect((await get('198.51.100.9', 'wrong')).statusCode).toBe(401);
  });
});
