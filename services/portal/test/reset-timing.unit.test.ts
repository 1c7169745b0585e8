// A password-reset request for a known email and for an unknown one take the same path: their answer times, measured
// interleaved in one run, tell no classifier which is which better than chance.
import { randomInt } from 'node:crypto';
import { once } from 'node:events';
import { Worker } from 'node:worker_threads';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startPortalApp, type PortalApp } from '../test-support/portal-app.ts';

const ROUNDS = 200; // requests of each kind
/** Posts each email in turn; answers the milliseconds each took, or a message when one was not the 303. */
const PROBER = `
const { parentPort, workerData: { url, cookie, csrf, emails } } = require('node:worker_threads');
(async () => {
  const times = [];
  for (const email of emails) {
    const started = performance.now();
    const answer = await fetch(url + '/admin/password', {
      method: 'POST',
      redirect: 'manual',
      headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ csrf, email }).toString(),
    });
    await answer.text();
    times.push(performance.now() - started);
    if (answer.status !== 303) return parentPort.postMessage('status ' + answer.status);
  }
  parentPort.postMessage(times);
})();
`;
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
    // Over a real socket, from a thread of its own, as a prober in another process sees it: the queued work delays
    // later answers alike, never the one it follows.
    const url = await portal.app.listen({ host: '127.0.0.1', port: 0 });
    const page = await fetch(`${url}/admin/password`);
    const cookie = page.headers.getSetCookie()[0]!.split(';')[0]!;
    const csrf = /name="csrf" value="([^"]+)"/.exec(await page.text())![1]!;
    // Interleaved in a random order, so drift in the machine's load falls on both kinds alike.
    const kinds = [...Array<boolean>(ROUNDS).fill(true), ...Array<boolean>(ROUNDS).fill(false)];
    for (let i = kinds.length - 1; i > 0; i--) {
      const j = randomInt(i + 1); // Fisher-Yates: sort() with a random comparator leaves the halves mostly apart
      [kinds[i], kinds[j]] = [kinds[j]!, kinds[i]!];
    }
    const emails = kinds.map((isKnown, i) => (isKnown ? 'existe@empresa.example' : `nadie${i}@empresa.example`));
    const warmUp = Array.from({ length: 20 }, (_, i) =>
      i % 2 ? 'existe@empresa.example' : `calentar${i}@empresa.example`,
    );
    const prober = new Worker(PROBER, {
      eval: true,
      workerData: { url, cookie, csrf, emails: [...warmUp, ...emails] },
    });
    const [times] = (await once(prober, 'message')) as [number[] | string];
    await prober.terminate();
    if (typeof times === 'string') throw new Error(times);
    const measured = times.slice(warmUp.length);
    const known = measured.filter((_, i) => kinds[i]);
    const unknown = measured.filter((_, i) => !kinds[i]);
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
    expect(ratio).toBeGreaterThan(0.8);
    expect(ratio).toBeLessThan(1.25);
    // The mails still go, after the answers.
    await vi.waitFor(() => expect(portal.mailsTo('existe@empresa.example').length).toBe(ROUNDS + 10), {
      timeout: 30_000,
    });
  });
});
