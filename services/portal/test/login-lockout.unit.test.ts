// The login lockout slows and refuses guessing from one address or many, and never locks the owner out
// (docs/choices.md, "Login lockout").
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { hashPassword } from '../src/auth/passwords.ts';
import { startPortalApp, type PortalApp } from '../test-support/portal-app.ts';

const PASSWORD = 'contraseña de prueba larga';
const errorCodeOf = (page: string) => /data-error-code="([A-Z_0-9]+)"/.exec(page)?.[1];

describe('login lockout', () => {
  let portal: PortalApp;
  beforeAll(async () => {
    portal = await startPortalApp({
      FE_PORTAL_FORM_POSTS_PER_MINUTE: '100000',
      FE_PORTAL_LOGIN_FAILURES: '5',
      FE_PORTAL_LOGIN_FAILURES_PER_ACCOUNT: '20',
    });
    for (const [id, email] of [
      ['a1', 'duena@empresa.example'],
      ['a2', 'asediada@empresa.example'],
    ] as const) {
      await portal.accounts.createAccount(
        { id, email, passwordHash: await hashPassword(PASSWORD), tenantId: `t${id}` },
        new Date(),
      );
      await portal.accounts.confirm(id, new Date());
    }
  });
  afterAll(async () => {
    await portal?.close();
  });

  /** A browser at `address`: keeps its cookies, posts with its form token. */
  const browser = (address: string) => {
    const cookies = new Map<string, string>();
    const send = async (method: 'GET' | 'POST', url: string, form?: Record<string, string>) => {
      const answer = await portal.app.inject({
        method,
        url,
        remoteAddress: address,
        headers: {
          cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; '),
          ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
        },
        ...(form ? { payload: new URLSearchParams(form).toString() } : {}),
      });
      for (const line of [answer.headers['set-cookie'] ?? []].flat()) {
        const [pair] = line.split(';');
        const at = pair!.indexOf('=');
        if (/Max-Age=0/.test(line)) cookies.delete(pair!.slice(0, at));
        else cookies.set(pair!.slice(0, at), pair!.slice(at + 1));
      }
      return answer;
    };
    return {
      cookies,
      get: (url: string) => send('GET', url),
      async post(url: string, form: Record<string, string>) {
        const page = await send('GET', url);
        const csrf = /name="csrf" value="([^"]+)"/.exec(page.body)![1]!;
        return send('POST', url, { ...form, csrf });
      },
      login(email: string, password: string) {
        return this.post('/admin/login', { email, password });
      },
    };
  };

  it("does not stop the owner's login after five wrong passwords from five addresses", async () => {
    for (let i = 1; i <= 5; i++) {
      const wrong = await browser(`203.0.113.${i}`).login('duena@empresa.example', 'no es esta');
      expect([wrong.statusCode, errorCodeOf(wrong.body)]).toEqual([401, 'LOGIN_FAILED']);
    }
    const owner = await browser('198.51.100.7').login('duena@empresa.example', PASSWORD);
    expect([owner.statusCode, owner.headers.location]).toEqual([303, '/admin/onboarding']);
  });

  it('refuses even the right password from an address that failed five times, and only from there', async () => {
    const attacker = browser('203.0.113.50');
    for (let i = 0; i < 5; i++) await attacker.login('duena@empresa.example', `intento ${i}`);
    const guessed = await attacker.login('duena@empresa.example', PASSWORD);
    expect([guessed.statusCode, errorCodeOf(guessed.body)]).toEqual([401, 'LOGIN_FAILED']);
    // its /64 for IPv6, so hopping within it gains nothing
    const v6 = browser('2001:db8:7:7::1');
    for (let i = 0; i < 5; i++) await v6.login('duena@empresa.example', `intento ${i}`);
    const hopped = await browser('2001:db8:7:7::2').login('duena@empresa.example', PASSWORD);
    expect(errorCodeOf(hopped.body)).toBe('LOGIN_FAILED');
    expect((await browser('198.51.100.8').login('duena@empresa.example', PASSWORD)).statusCode).toBe(303);
  });

  it('refuses a guess spread over many addresses to new browsers, never to the owner, who also gets in by reset', async () => {
    const owners = browser('198.51.100.20');
    expect((await owners.login('asediada@empresa.example', PASSWORD)).statusCode).toBe(303);
    await owners.post('/admin/logout', {});
    for (let net = 0; net < 5; net++) {
      for (let i = 0; i < 4; i++) await browser(`192.0.2.${net}`).login('asediada@empresa.example', `intento ${i}`);
    }
    // 20 failures from five addresses: a browser that never logged in to the account is refused, even right...
    const stranger = await browser('198.51.100.21').login('asediada@empresa.example', PASSWORD);
    expect([stranger.statusCode, errorCodeOf(stranger.body)]).toEqual([401, 'LOGIN_FAILED']);
    // ...a forged device cookie changes nothing...
    const forger = browser('198.51.100.22');
    forger.cookies.set('fe_admin_device', `${'n'.repeat(22)}.${'m'.repeat(43)}`);
    expect((await forger.login('asediada@empresa.example', PASSWORD)).statusCode).toBe(401);
    // ...the owner's browser logs in...
    expect((await owners.login('asediada@empresa.example', PASSWORD)).statusCode).toBe(303);
    // ...and a new one of the owner's does through the mailed reset link, and is known from then on.
    const phone = browser('198.51.100.23');
    await phone.post('/admin/password', { email: 'asediada@empresa.example' });
    const mail = await vi.waitFor(
      () => {
        const text = portal.mailsTo('asediada@empresa.example').at(-1);
        if (!text?.includes('password/new?token=')) throw new Error('not mailed yet');
        return text;
      },
      { timeout: 10_000 },
    );
    const token = /password\/new\?token=([\w-]+)/.exec(mail)![1]!;
    const fresh = 'otra contraseña bien larga';
    const reset = await phone.post(`/admin/password/new?token=${token}`, { token, password: fresh, repeat: fresh });
    expect(reset.statusCode).toBe(303);
    await phone.post('/admin/logout', {});
    expect((await phone.login('asediada@empresa.example', fresh)).statusCode).toBe(303);
  });

  it('refuses an address that failed for many emails', async () => {
    const scanner = browser('203.0.113.99');
    for (let i = 0; i < 30; i++) await scanner.login(`u${i}@empresa.example`, 'x');
    const right = await scanner.login('duena@empresa.example', PASSWORD);
    expect([right.statusCode, errorCodeOf(right.body)]).toEqual([401, 'LOGIN_FAILED']);
  });
});
