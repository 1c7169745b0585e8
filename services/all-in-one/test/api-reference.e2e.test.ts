// The API reference as a browser meets it: /docs rendered from this service's own files under its
// Content-Security-Policy, the OpenAPI document beside it naming the address actually used, and `/`
// leading to the portal instead of a JSON 404.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser } from '../test-support/browser.ts';
import { startWorld, type World } from '../test-support/world.ts';

let world: World;
beforeAll(async () => {
  world = await startWorld();
});
afterAll(async () => world?.close());

/** Every `src` and `href` of a page. */
const linksOf = (html: string) => [...html.matchAll(/\b(?:src|href)="([^"]+)"/g)].map((m) => m[1]!);

describe('GET /docs', () => {
  it('is an HTML page whose every asset is this service’s own, each answering 200 with its type', async () => {
    const page = await fetch(`${world.url}/docs`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    const links = linksOf(await page.text());
    expect(links).toEqual(expect.arrayContaining(['/docs/openapi.json', '/docs/assets/swagger-ui-bundle.js']));
    const types: Record<string, string> = {
      js: 'text/javascript',
      css: 'text/css',
      json: 'application/json',
      png: 'image/png',
    };
    for (const link of links) {
      expect(link, 'same origin, no CDN').toMatch(/^\/docs\//);
      const answer = await fetch(`${world.url}${link}`);
      expect(answer.status, link).toBe(200);
      expect(answer.headers.get('content-type'), link).toContain(types[link.split('.').at(-1)!]);
    }
  });

  it('renders every operation in Chromium and runs one, asking nothing of another site, breaking no CSP rule', async () => {
    const browser = await openBrowser(world.url, 'api-reference');
    try {
      const { page } = browser;
      const elsewhere: string[] = [];
      const problems: string[] = [];
      page.on('request', (request) => {
        if (!request.url().startsWith(`${world.url}/`) && !request.url().startsWith('data:'))
          elsewhere.push(request.url());
      });
      page.on('response', (response) => {
        if (response.status() >= 400) problems.push(`${response.status()} ${response.url()}`);
      });
      page.on('console', (message) => {
        if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
      });
      page.on('pageerror', (error) => problems.push(error.message));
      await page.setViewportSize({ width: 1280, height: 800 });
      await page.goto(`${world.url}/docs`);
      const document = (await (await fetch(`${world.url}/docs/openapi.json`)).json()) as {
        paths: Record<string, Record<string, unknown>>;
      };
      const operations = Object.values(document.paths).reduce((n, methods) => n + Object.keys(methods).length, 0);
      await page
        .locator('.opblock')
        .nth(operations - 1)
        .waitFor();
      expect(await page.locator('.opblock').count()).toBe(operations);
      expect(await page.locator('.servers select').inputValue()).toBe(world.url);
      await browser.shot('docs');
      // "Try it out" reaches the service at the address servers names, within the page's connect-src.
      const operation = page.locator('#operations-default-getOpenApiDocument');
      await operation.locator('.opblock-summary').click();
      await operation.getByRole('button', { name: 'Try it out' }).click();
      await operation.getByRole('button', { name: 'Execute' }).click();
      await expect
        .poll(() => operation.locator('.live-responses-table tr.response .response-col_status').first().textContent())
        .toContain('200');
      expect(elsewhere).toEqual([]);
      expect(problems).toEqual([]);
    } finally {
      await browser.close();
    }
  });
});

describe('GET /docs/openapi.json', () => {
  it('names the address the request reached in servers, not a fixed :8080', async () => {
    const served = (await (await fetch(`${world.url}/docs/openapi.json`)).json()) as { servers: { url: string }[] };
    expect(served.servers[0]!.url).toBe(world.url);
    expect(world.url).not.toMatch(/:8080$/);
    const proxied = await world.embedded.app.inject({
      url: '/docs/openapi.json',
      headers: { host: 'facturas.example.co', 'x-forwarded-proto': 'https' },
    });
    expect(proxied.json().servers[0].url).toBe('https://facturas.example.co');
  });
});

describe('GET /', () => {
  it('leads to the admin portal, not a JSON 404', async () => {
    const answer = await fetch(`${world.url}/`, { redirect: 'manual' });
    expect(answer.status).toBe(302);
    expect(answer.headers.get('location')).toBe('/admin');
    expect((await fetch(`${world.url}/`)).url).toMatch(/\/admin\/login$/);
  });
});
