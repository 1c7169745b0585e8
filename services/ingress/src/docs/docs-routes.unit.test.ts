import { gunzipSync } from 'node:zlib';
import { createLogger } from '@fe/platform';
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { ingressConfigFromEnv } from '../config.ts';
import { createHttpApp } from '../http/create-http-app.ts';
import { acceptsGzip } from './docs-assets.ts';
import { docsRoutes, type DocsOptions } from './docs-routes.ts';

const apps: FastifyInstance[] = [];
afterAll(() => Promise.all(apps.map((app) => app.close())));

function appWith(options?: DocsOptions): FastifyInstance {
  const app = createHttpApp({
    logger: createLogger({ level: 'silent' }),
    tenants: { authenticate: async () => undefined, profile: async () => undefined, credential: async () => undefined },
    config: ingressConfigFromEnv({}),
    routes: [docsRoutes(options)],
  });
  apps.push(app);
  return app;
}

const serverOf = async (app: FastifyInstance, headers: Record<string, string>) =>
  (await app.inject({ url: '/docs/openapi.json', headers })).json().servers[0].url;

describe('the OpenAPI document’s servers', () => {
  it('names the Host the request was sent to, https when a proxy says so', async () => {
    const app = appWith();
    expect(await serverOf(app, { host: '127.0.0.1:9180' })).toBe('http://127.0.0.1:9180');
    expect(await serverOf(app, { host: 'Facturas.Example.co', 'x-forwarded-proto': 'https' })).toBe(
      'https://facturas.example.co',
    );
    expect(await serverOf(app, { host: '[::1]:8080' })).toBe('http://[::1]:8080');
  });

  it('never echoes a Host that is no host name, and names FE_BASE_URL when configured', async () => {
    const odd = await serverOf(appWith(), { host: 'x.example"><script>' });
    expect(odd).toMatch(/^http:\/\/(\d+\.\d+\.\d+\.\d+|\[[0-9a-f:.]+\]):\d+$/);
    expect(await serverOf(appWith({ publicUrl: 'https://fe.example.co/' }), { host: 'other:1' })).toBe(
      'https://fe.example.co',
    );
  });
});

describe('GET /', () => {
  it('redirects to the portal where the process serves one', async () => {
    const answer = await appWith({ home: '/admin' }).inject({ url: '/' });
    expect({ status: answer.statusCode, location: answer.headers.location }).toEqual({
      status: 302,
      location: '/admin',
    });
  });

  it('is a page of links, each answering 200, where it serves none (the distributed ingress)', async () => {
    const app = appWith();
    const page = await app.inject({ url: '/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['content-security-policy']).toContain("default-src 'none'");
    const links = [...page.body.matchAll(/\b(?:src|href)="([^"]+)"/g)].map((m) => m[1]!);
    expect(links).toEqual(expect.arrayContaining(['/docs', '/docs/openapi.json']));
    for (const link of links) expect((await app.inject({ url: link })).statusCode, link).toBe(200);
  });
});

describe('GET /docs/assets/…', () => {
  it('serves Swagger UI gzipped to a client that takes gzip, as it is to one that does not', async () => {
    const app = appWith();
    const plain = await app.inject({ url: '/docs/assets/swagger-ui-bundle.js' });
    const zipped = await app.inject({
      url: '/docs/assets/swagger-ui-bundle.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    expect(gunzipSync(zipped.rawPayload).equals(plain.rawPayload)).toBe(true);
  });

  it('answers the one error body for a file it does not serve', async () => {
    const answer = await appWith().inject({ url: '/docs/assets/package.json' });
    expect({ status: answer.statusCode, code: answer.json().error.code }).toEqual({
      status: 404,
      code: 'ROUTE_NOT_FOUND',
    });
  });

  it('reads Accept-Encoding as RFC 9110 does: gzip;q=0 refuses it', () => {
    expect(['gzip', 'deflate, gzip;q=0.5', 'GZIP'].map(acceptsGzip)).toEqual([true, true, true]);
    expect(['gzip;q=0', 'identity', undefined, 'x-gzip2'].map(acceptsGzip)).toEqual([false, false, false, false]);
  });
});
