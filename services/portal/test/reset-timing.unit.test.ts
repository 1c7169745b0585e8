// A password-reset request for a known email and for an unknown one take the same path: their answer times, measured
// interleaved in one run, tell no classifier which is which better than chance.
import { performance } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startPortalApp, type PortalApp } from '../test-support/portal-app.ts';

const ROUNDS = 200; // requests of each kind
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

describe('password reset timing', () => {
  let portal: PortalApp;
  beforeAll(async () => {
    portal = await startPortalApp({
      FE_PORTAL_FORM_POSTS_PER_MINUTE: '100000',
      FE_PORTAL_MAILS_PER_EMAIL_PER_HOUR: '100000',
    });
    await portal.accounts.createAccount(
      { id: 'a1', email: 'existe@empresa.example', passwordHash: 'x', tenantId: 'tx' },
      new Date(),
    );
    await portal.accounts.confirm('a1', new Date());
  });
  afterAll(async () => {
    await portal?.close();
  });

  it('answers a known and an unknown email in times a median threshold cannot tell apart', async () => {
    const page = await portal.app.inject({ method: 'GET', url: '/admin/password' });
    const cookie = page.headers['set-cookie']!.toString().split(';')[0]!;
    const csrf = /name="csrf" value="([^"]+)"/.exec(page.body)![1]!;
    const ask = async (email: string) => {
      const started = performance.now();
      const answer = await portal.app.inject({
        method: 'POST',
        url: '/admin/password',
        headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ csrf, email }).toString(),
      });
      const ms = performance.now() - started;
      expect(answer.statusCode).toBe(200);
      return ms;
    };
    for (let i = 0; i < 20; i++) await ask(i % 2 ? 'existe@empresa.example' : `calentar${i}@empresa.example`);
    // Interleaved in a random order, so drift in the machine's load falls on both kinds alike.
    const kinds = [...Array<boolean>(ROUNDS).fill(true), ...Array<boolean>(ROUNDS).fill(false)].sort(
      () => Math.random() - 0.5,
    );
    const known: number[] = [];
    const unknown: number[] = [];
    for (const [i, isKnown] of kinds.entries()) {
      if (isKnown) known.push(await ask('existe@empresa.example'));
      else unknown.push(await ask(`nadie${i}@empresa.example`));
    }
    // A guess from one request: "known" when slower than the median of all.
    const threshold = median([...known, ...unknown]);
    const right = known.filter((ms) => ms > threshold).length + unknown.filter((ms) => ms <= threshold).length;
    const accuracy = right / (2 * ROUNDS);
    const ratio = median(known) / median(unknown);
    console.info(
      `reset timing: known median ${median(known).toFixed(3)} ms, unknown ${median(unknown).toFixed(3)} ms, ` +
        `ratio ${ratio.toFixed(3)}, median-threshold accuracy ${(100 * accuracy).toFixed(1)} %`,
    );
    expect(accuracy).toBeLessThan(0.6); // chance is 0.5; 0.6 is ~4 standard deviations above it
    expect(ratio).toBeGreaterThan(0.85);
    expect(ratio).toBeLessThan(1 / 0.85);
    // The mails still go, after the answers.
    await vi.waitFor(() => expect(portal.mailsTo('existe@empresa.example').length).toBe(ROUNDS + 10), {
      timeout: 30_000,
    });
  });
});
