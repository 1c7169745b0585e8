// Bodies the portal cannot read: each refused with a Spanish page, a stable code and a 4xx, before any work on them.
import { connect } from 'node:net';
import { gzipSync } from 'node:zlib';
import type { DatabaseSync } from 'node:sqlite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPortalApp, type PortalApp } from '../test-support/portal-app.ts';
import { tokenHash } from '../src/auth/tokens.ts';

const errorCodeOf = (page: string) => /data-error-code="([A-Z_0-9]+)"/.exec(page)?.[1];

describe('portal body refusals', () => {
  let portal: PortalApp;
  let url: URL;
  const session = 'S'.repeat(43);
  beforeAll(async () => {
    portal = await startPortalApp({ FE_PORTAL_FORM_POSTS_PER_MINUTE: '1000' });
    await portal.accounts.createAccount(
      { id: 'a1', email: 'ana@empresa.example', passwordHash: 'x', tenantId: 'tana' },
      new Date(),
    );
    await portal.accounts.confirm('a1', new Date());
    await portal.accounts.createSession(tokenHash(session), 'a1', new Date(Date.now() + 3_600_000));
    url = new URL(await portal.app.listen({ host: '127.0.0.1', port: 0 }));
  });
  afterAll(async () => {
    await portal?.close();
  });

  /** The visitor cookie and its form token, as a browser holds them after opening the login page. */
  const anonymous = async () => {
    const page = await portal.app.inject({ method: 'GET', url: '/admin/login' });
    const cookie = page.headers['set-cookie']!.toString().split(';')[0]!;
    return { cookie, csrf: /name="csrf" value="([^"]+)"/.exec(page.body)![1]! };
  };
  const post = async (headers: Record<string, string>, payload: string | Buffer, path = '/admin/login') => {
    const { cookie } = await anonymous();
    return portal.app.inject({ method: 'POST', url: path, headers: { cookie, ...headers }, payload });
  };
  const expectRefusal = (
    answer: { statusCode: number; body: string; headers: object },
    status: number,
    code: string,
  ) => {
    expect([answer.statusCode, errorCodeOf(answer.body)]).toEqual([status, code]);
    expect(answer.body).toContain('<html lang="es">');
    expect(answer.body).not.toContain('Algo falló de nuestro lado');
  };
  const form = 'multipart/form-data; boundary=XyZ';
  const part = (name: string, value: string) =>
    `--XyZ\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;

  it('refuses a body in a type forms do not send, or with no type, with 415', async () => {
    for (const type of ['application/json', 'text/plain', 'application/xml']) {
      expectRefusal(await post({ 'content-type': type }, '{"email":'), 415, 'BODY_TYPE_UNSUPPORTED');
    }
    expectRefusal(await post({}, 'email=a%40b.example'), 415, 'BODY_TYPE_UNSUPPORTED');
  });

  it('refuses a Content-Encoding with 415, on an anonymous page and a logged-in one', async () => {
    const gzip = gzipSync('email=a%40b.example&password=x');
    const headers = { 'content-type': 'application/x-www-form-urlencoded', 'content-encoding': 'gzip' };
    expectRefusal(await post(headers, gzip), 415, 'BODY_ENCODED');
    const answer = await portal.app.inject({
      method: 'POST',
      url: '/admin/onboarding/company',
      headers: { ...headers, cookie: `fe_admin_session=${session}` },
      payload: gzip,
    });
    expectRefusal(answer, 415, 'BODY_ENCODED');
  });

  it('refuses a form over 64 kB with 413', async () => {
    const big = `email=${'a'.repeat(70 * 1024)}`;
    expectRefusal(await post({ 'content-type': 'application/x-www-form-urlencoded' }, big), 413, 'BODY_TOO_LARGE');
  });

  it('refuses multipart outside the upload form with 415, and on it too many fields, no boundary or a broken one', async () => {
    const many = `${Array.from({ length: 30 }, (_, i) => part(`f${i}`, 'x')).join('')}--XyZ--\r\n`;
    expectRefusal(await post({ 'content-type': form }, many), 415, 'BODY_TYPE_UNSUPPORTED');
    const upload = (type: string, payload: string) =>
      portal.app.inject({
        method: 'POST',
        url: '/admin/onboarding/certificate',
        headers: { cookie: `fe_admin_session=${session}`, 'content-type': type },
        payload,
      });
    expectRefusal(await upload(form, many), 413, 'BODY_TOO_LARGE');
    expectRefusal(await upload('multipart/form-data', part('a', 'b')), 400, 'BODY_MALFORMED');
    const wrongBoundary = `${part('email', 'a').replace('XyZ', 'Other')}--Other--\r\n`;
    expectRefusal(await upload(form, wrongBoundary), 400, 'BODY_MALFORMED');
    expectRefusal(await upload(form, `${part('email', 'a')}--XyZ`), 400, 'BODY_MALFORMED');
    const badHeader = `--XyZ\r\nContent-Disposition form-data\r\n\r\nx\r\n--XyZ--\r\n`;
    expect([400, 403]).toContain((await upload(form, badHeader)).statusCode);
  });

  it('still reads an upload within its limits, and still checks its form token', async () => {
    const page = await portal.app.inject({
      method: 'GET',
      url: '/admin/onboarding',
      headers: { cookie: `fe_admin_session=${session}` },
    });
    const csrf = /name="csrf" value="([^"]+)"/.exec(page.body)![1]!;
    const file = `--XyZ\r\nContent-Disposition: form-data; name="p12"; filename="a.p12"\r\n\r\n${'p'.repeat(99 * 1024)}\r\n`;
    const send = (fields: string) =>
      portal.app.inject({
        method: 'POST',
        url: '/admin/onboarding/certificate',
        headers: { cookie: `fe_admin_session=${session}`, 'content-type': form },
        payload: `${fields}${file}${part('password', 'x')}--XyZ--\r\n`,
      });
    // read and its token accepted: the route sends this account, which has no software yet, to that step
    const read = await send(part('csrf', csrf));
    expect([read.statusCode, read.headers.location]).toEqual([303, '/admin/onboarding/software']);
    expectRefusal(await send(''), 403, 'CSRF_INVALID');
  });

  it('answers a full disk with a 503 page in Spanish, not a 500', async () => {
    // The real SQLite refusal: the attempt store's connection may not grow its file any more.
    const db = Reflect.get(portal.attempts, 'db') as DatabaseSync;
    const pages = (db.prepare('PRAGMA page_count').get() as { page_count: number }).page_count;
    db.exec(`PRAGMA max_page_count = ${pages}`);
    try {
      const fill = db.prepare('INSERT INTO attempts (key, count, expires_at) VALUES (?, 1, 1e15)');
      expect(() => {
        for (let i = 0; ; i++) fill.run(`relleno-${i}`);
      }).toThrow(/database or disk is full/);
      const { cookie, csrf } = await anonymous();
      const answer = await portal.app.inject({
        method: 'POST',
        url: '/admin/login',
        headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
        payload: `csrf=${csrf}&email=lleno%40empresa.example&password=x`,
      });
      expectRefusal(answer, 503, 'STORAGE_FULL');
      expect(answer.headers['retry-after']).toBe('60');
    } finally {
      db.exec('PRAGMA max_page_count = 1073741823');
      db.exec("DELETE FROM attempts WHERE key LIKE 'relleno-%'");
    }
  });

  /** Sends the head and 64 kB of an upload of `length`; resolves with the answer's first line once it comes. */
  const upload = (cookie: string, length: number) =>
    new Promise<string>((resolve, reject) => {
      const socket = connect(Number(url.port), url.hostname);
      let answer = '';
      socket.on('error', reject);
      socket.on('data', (chunk) => {
        answer += chunk.toString('latin1');
        if (answer.includes('\r\n\r\n')) {
          resolve(answer.split('\r\n')[0]!);
          socket.destroy();
        }
      });
      socket.write(
        `POST /admin/onboarding/certificate HTTP/1.1\r\nHost: x\r\nCookie: ${cookie}\r\n` +
          `Content-Type: ${form}\r\nContent-Length: ${length}\r\n\r\n`,
      );
      socket.write(Buffer.alloc(Math.min(length - 1, 64 * 1024), 'a')); // and no more: the answer must not wait for it
    });

  it("answers a 51 MB certificate upload from its Content-Length, and a stranger's before reading the body", async () => {
    expect(await upload(`fe_admin_session=${session}`, 51 * 1024 * 1024)).toBe('HTTP/1.1 413 Payload Too Large');
    expect(await upload(`fe_admin_visitor=${'v'.repeat(43)}`, 51 * 1024 * 1024)).toBe('HTTP/1.1 413 Payload Too Large');
    // Within the limit, from no session: to the login page, with most of the body never sent.
    expect(await upload(`fe_admin_visitor=${'v'.repeat(43)}`, 120 * 1024)).toBe('HTTP/1.1 303 See Other');
  });

  it('stops reading a chunked certificate upload past its limit and closes the connection', async () => {
    const result = await new Promise<{ head: string; sent: number }>((resolve) => {
      const socket = connect(Number(url.port), url.hostname);
      let sent = 0;
      let answer = '';
      let closed = false;
      socket.on('data', (chunk) => (answer += chunk.toString('latin1')));
      socket.on('error', () => undefined);
      socket.on('close', () => {
        closed = true;
        resolve({ head: answer.split('\r\n')[0]!, sent });
      });
      socket.write(
        `POST /admin/onboarding/certificate HTTP/1.1\r\nHost: x\r\nCookie: fe_admin_session=${session}\r\n` +
          `Content-Type: ${form}\r\nTransfer-Encoding: chunked\r\n\r\n`,
      );
      const head = Buffer.from(`--XyZ\r\nContent-Disposition: form-data; name="p12"; filename="a.p12"\r\n\r\n`);
      const body = Buffer.alloc(256 * 1024, 'b');
      const chunked = (data: Buffer) =>
        Buffer.concat([Buffer.from(`${data.length.toString(16)}\r\n`), data, Buffer.from('\r\n')]);
      socket.write(chunked(head));
      const pump = () => {
        while (!closed && sent < 51 * 1024 * 1024) {
          sent += body.length;
          if (!socket.write(chunked(body))) return void socket.once('drain', pump);
        }
      };
      pump();
    });
    expect(result.head).toBe('HTTP/1.1 413 Payload Too Large');
    expect(result.sent).toBeLessThan(20 * 1024 * 1024); // the server hung up long before 51 MB
  });
});
