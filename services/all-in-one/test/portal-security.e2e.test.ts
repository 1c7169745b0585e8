import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { linkInOutbox } from '../test-support/browser.ts';
import { errorCodeOf, PortalClient, type PortalAnswer } from '../test-support/portal-client.ts';
import { startWorld, type World } from '../test-support/world.ts';

const PASSWORD = 'contraseña de prueba larga';

// What the admin portal refuses, over HTTP (docs/portal.md, "What the portal refuses").
describe('admin portal security', () => {
  let world: World;
  beforeAll(async () => {
    world = await startWorld({ FE_PORTAL_LOGIN_FAILURES: '3', FE_PORTAL_FORM_POSTS_PER_MINUTE: '40' });
  });
  afterAll(async () => {
    await world?.close();
  });
  const client = () => new PortalClient(world.url);

  it('sends secure headers and an HttpOnly, SameSite=Strict, Secure cookie scoped to /admin', async () => {
    const answer = await client().get('/admin/login');
    expect(answer.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(answer.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
    expect(answer.headers.get('x-frame-options')).toBe('DENY');
    expect(answer.headers.get('cache-control')).toBe('no-store');
    expect(answer.setCookies[0]).toMatch(
      /^fe_admin_visitor=[\w-]{43}; Path=\/admin; HttpOnly; SameSite=Strict; Max-Age=\d+; Secure$/,
    );
  });

  it('refuses a form post without its token, or with the token of another visitor (CSRF_INVALID)', async () => {
    const mallory = client();
    const stolen = await mallory.csrfFrom('/admin/login');
    const victim = client();
    await victim.get('/admin/login');
    for (const csrf of ['none', stolen, 'x'.repeat(43)]) {
      const answer = await victim.post('/admin/password', { email: 'a@b.example' }, { csrf });
      expect(answer.status).toBe(403);
      expect(errorCodeOf(answer.text)).toBe('CSRF_INVALID');
    }
  });

  it('answers sign-up and password reset alike whether or not the email has an account', async () => {
    const first = client();
    await first.signUp(world.dataDir, 'existe@empresa.example', PASSWORD);
    const again = await client().post('/admin/signup', {
      email: 'existe@empresa.example',
      password: PASSWORD,
      repeat: PASSWORD,
    });
    const fresh = await client().post('/admin/signup', {
      email: 'nueva@empresa.example',
      password: PASSWORD,
      repeat: PASSWORD,
    });
    const strip = (text: string) => text.replace(/value="[^"]+"/g, '');
    const answer = (a: PortalAnswer) => [a.status, a.headers.get('location'), strip(a.text)];
    expect(answer(again)).toEqual(answer(fresh));
    expect(fresh.status).toBe(303);
    const known = await client().post('/admin/password', { email: 'existe@empresa.example' });
    const unknown = await client().post('/admin/password', { email: 'nadie@empresa.example' });
    expect(answer(known)).toEqual(answer(unknown));
  });

  it('never turns a session token planted before login into a session, and issues a new one at login', async () => {
    const setup = client();
    await setup.signUp(world.dataDir, 'fijacion@empresa.example', PASSWORD);
    const victim = client();
    victim.cookies.set('fe_admin_session', 'A'.repeat(43));
    const login = await victim.post(
      '/admin/login',
      { email: 'fijacion@empresa.example', password: PASSWORD },
      { formPage: '/admin/login' },
    );
    expect(login.status).toBe(303);
    const session = victim.cookies.get('fe_admin_session')!;
    expect(session).toMatch(/^[\w-]{43}$/);
    expect(session).not.toBe('A'.repeat(43));
    expect((await victim.get('/admin/onboarding/company')).status).toBe(200); // logged in
    const planted = client();
    planted.cookies.set('fe_admin_session', 'A'.repeat(43));
    expect((await planted.get('/admin/onboarding/company')).headers.get('location')).toBe('/admin/login');
    // Logging out ends the session on the server, not only in the browser.
    await victim.post('/admin/logout', {}, { formPage: '/admin/onboarding/company' });
    const replay = client();
    replay.cookies.set('fe_admin_session', session);
    expect((await replay.get('/admin/onboarding/company')).headers.get('location')).toBe('/admin/login');
  });

  it('resets a password through the mailed link once: the old password and every old session stop working', async () => {
    const ana = client();
    await ana.signUp(world.dataDir, 'reset@empresa.example', PASSWORD);
    const oldSession = ana.cookies.get('fe_admin_session')!;
    await client().post('/admin/password', { email: 'reset@empresa.example' });
    // mailed after the answer
    const link = new URL(
      await vi.waitFor(() => linkInOutbox(world.dataDir, 'reset@empresa.example', 'password/new'), { timeout: 10_000 }),
    );
    const token = link.searchParams.get('token')!;
    const browser = client();
    expect((await browser.get(`${link.pathname}${link.search}`)).text).toContain(`value="${token}"`);
    const newPassword = 'otra contraseña bien larga';
    const reset = await browser.post(
      '/admin/password/new',
      { token, password: newPassword, repeat: newPassword },
      { formPage: `${link.pathname}${link.search}` },
    );
    expect(reset.status).toBe(303);
    expect((await browser.get('/admin/onboarding/company')).status).toBe(200);
    const reused = await client().post(
      '/admin/password/new',
      { token, password: newPassword, repeat: newPassword },
      { formPage: '/admin/password' },
    );
    expect(errorCodeOf(reused.text)).toBe('TOKEN_INVALID');
    const stale = client();
    stale.cookies.set('fe_admin_session', oldSession);
    expect((await stale.get('/admin/onboarding/company')).headers.get('location')).toBe('/admin/login');
    expect((await client().post('/admin/login', { email: 'reset@empresa.example', password: PASSWORD })).status).toBe(
      401,
    );
    expect(
      (await client().post('/admin/login', { email: 'reset@empresa.example', password: newPassword })).status,
    ).toBe(303);
  });

  it('locks an email from an address after repeated failures, even for the right password, and says the same for an unknown email', async () => {
    const setup = client();
    await setup.signUp(world.dataDir, 'bloqueo@empresa.example', PASSWORD);
    const attacker = client();
    for (let i = 0; i < 3; i++) {
      const wrong = await attacker.post('/admin/login', { email: 'bloqueo@empresa.example', password: 'no es esta' });
      expect(errorCodeOf(wrong.text)).toBe('LOGIN_FAILED');
    }
    const right = await client().post('/admin/login', { email: 'bloqueo@empresa.example', password: PASSWORD });
    expect(right.status).toBe(401);
    expect(errorCodeOf(right.text)).toBe('LOGIN_FAILED');
    const nobody = await client().post('/admin/login', { email: 'nadie@empresa.example', password: PASSWORD });
    expect(nobody.status).toBe(401);
    expect(nobody.text.replace(/value="[^"]+"/g, '')).toBe(right.text.replace(/value="[^"]+"/g, ''));
  });

  it('answers a body it cannot read with a Spanish page, its code and a 4xx, in the embedded shape too', async () => {
    const visitor = client();
    await visitor.get('/admin/login');
    const cookie = [...visitor.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const send = async (headers: Record<string, string>, body: string) => {
      const answer = await fetch(`${world.url}/admin/login`, { method: 'POST', headers: { cookie, ...headers }, body });
      return [answer.status, errorCodeOf(await answer.text())];
    };
    expect(await send({ 'content-type': 'application/json' }, '{"email":')).toEqual([415, 'BODY_TYPE_UNSUPPORTED']);
    expect(
      await send({ 'content-type': 'application/x-www-form-urlencoded', 'content-encoding': 'gzip' }, 'x'),
    ).toEqual([415, 'BODY_ENCODED']);
    expect(await send({ 'content-type': 'application/x-www-form-urlencoded' }, `a=${'b'.repeat(70_000)}`)).toEqual([
      413,
      'BODY_TOO_LARGE',
    ]);
  });

  it('escapes every typed value, keeps passwords out of every log line, and rate-limits form posts per address', async () => {
    const typed = await client().post('/admin/signup', {
      email: '<script>alert(1)</script>',
      password: 'corta',
      repeat: 'otra',
    });
    expect(typed.status).toBe(422);
    expect(typed.text).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(typed.text).not.toContain('<script>alert(1)');
    expect(world.logs.join('\n')).not.toContain(PASSWORD);
    let last = 0;
    for (let i = 0; i < 60 && last !== 429; i++)
      last = (await client().post('/admin/password', { email: 'x@empresa.example' })).status;
    expect(last).toBe(429);
  });
});
