// A .p12 is opened off the event loop, and one asking for too many key-derivation iterations is refused before any
// derivation. The files are re-exported by OpenSSL with `-iter N`, as the hostile probe made them.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { afterAll, describe, expect, it } from 'vitest';
import { createP12Loader, loadP12, MAX_P12_ITERATIONS, XadesError } from '../src/index.ts';
import { p12Iterations } from '../src/certificates/p12-iterations.ts';
import { makeTestIdentity, repackP12 } from '../test-support/index.ts';

const identity = makeTestIdentity();
const atLimit = repackP12(identity.p12, identity.password, MAX_P12_ITERATIONS);
const overLimit = repackP12(identity.p12, identity.password, 1_000_000);
const at = new Date(Date.UTC(2026, 5, 1));
const loader = createP12Loader({ size: 1 });
afterAll(() => loader.close());
// Each at-limit load is seconds of CPU (the point of the limit), many more on a loaded machine.
const SLOW = { timeout: 180_000 };

const rejection = async (promise: Promise<unknown>): Promise<XadesError> => {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(error instanceof XadesError)) throw new Error(`expected a XadesError, got ${String(error)}`);
  return error;
};

/** The threads of this process named fe-p12 (Linux /proc): the loader's live workers. */
const p12Threads = () =>
  readdirSync('/proc/self/task').filter((task) => {
    try {
      return readFileSync(`/proc/self/task/${task}/comm`, 'utf8').trim() === 'fe-p12';
    } catch {
      return false; // the thread ended between the listing and the read
    }
  }).length;

/** Runs `work` and returns how long it took and the longest the event loop stalled meanwhile (ms). */
async function stallDuring(work: () => Promise<unknown> | unknown): Promise<{ tookMs: number; stallMs: number }> {
  const histogram = monitorEventLoopDelay({ resolution: 5 });
  histogram.enable();
  await new Promise((resolve) => setTimeout(resolve, 20)); // its first sample is only a starting point
  const start = performance.now();
  await work();
  const tookMs = performance.now() - start;
  await new Promise((resolve) => setTimeout(resolve, 20)); // the sample after a synchronous stall
  histogram.disable();
  return { tookMs, stallMs: histogram.max / 1e6 };
}

describe('the .p12 iteration limit', SLOW, () => {
  it('reads the MAC and each encrypted part of an OpenSSL export without deriving a key', () => {
    expect(p12Iterations(atLimit)).toEqual([MAX_P12_ITERATIONS, MAX_P12_ITERATIONS, MAX_P12_ITERATIONS]);
    expect(p12Iterations(identity.p12)).toEqual([2048, 2048]); // forge: MAC and the 3DES key bag
  });

  it('refuses a file over the limit with CERT_ITERATIONS_TOO_HIGH, in a small part of one at-limit load', async () => {
    const opened = loader.opened;
    const load = await stallDuring(() => loader.load(atLimit, identity.password, at));
    const refusalStart = performance.now();
    expect((await rejection(loader.load(overLimit, identity.password, at))).code).toBe('CERT_ITERATIONS_TOO_HIGH');
    // A wrong password changes nothing: the count is read before the MAC is checked.
    expect((await rejection(loader.load(overLimit, 'no es la clave', at))).code).toBe('CERT_ITERATIONS_TOO_HIGH');
    const refusalMs = performance.now() - refusalStart;
    expect(refusalMs).toBeLessThan(load.tookMs / 10);
    expect(loader.opened - opened).toBe(1); // the refused files never reached a worker
    expect(() => loadP12(overLimit, identity.password, at)).toThrowError(
      expect.objectContaining({ code: 'CERT_ITERATIONS_TOO_HIGH' }),
    );
  });
});

describe('createP12Loader', SLOW, () => {
  it('opens an at-limit file on a worker: the event loop never stalls for the derivation', async () => {
    // Baseline in this test: the same file opened on this thread stalls the loop for (nearly) the whole load.
    const onLoop = await stallDuring(() => loadP12(atLimit, identity.password, at));
    expect(onLoop.stallMs).toBeGreaterThan(onLoop.tookMs * 0.8);

    const offLoop = await stallDuring(() => loader.load(atLimit, identity.password, at));
    expect(offLoop.stallMs).toBeLessThan(offLoop.tookMs / 4);
    expect(offLoop.stallMs).toBeLessThan(onLoop.stallMs / 4);
  });

  it('returns a signing credential and passes refusals on with their code and detail', async () => {
    const credential = await loader.load(atLimit, identity.password, at);
    expect(credential.privateKey.type).toBe('private');
    expect(credential.chain[0].serialNumber).toBe(String(0x0badc0ffee));
    expect((await rejection(loader.load(atLimit, 'no es la clave', at))).code).toBe('P12_WRONG_PASSWORD');
    const expired = await rejection(loader.load(identity.p12, identity.password, new Date(Date.UTC(2036, 0, 1))));
    expect(expired.code).toBe('CERT_EXPIRED');
    expect(expired.message).toContain('2035-01-01');
    expect((await rejection(loader.load(Buffer.from('no soy un p12'), 'x', at))).code).toBe('P12_UNREADABLE');
  });

  it('ends a worker that runs past its timeout and serves the next file on a fresh one', async () => {
    const impatient = createP12Loader({ size: 1, timeoutMs: 1 });
    const patient = createP12Loader({ size: 1 });
    try {
      expect((await rejection(impatient.load(atLimit, identity.password, at))).code).toBe('P12_LOAD_TIMEOUT');
      expect((await patient.load(identity.p12, identity.password, at)).chain).toHaveLength(1);
    } finally {
      await Promise.all([impatient.close(), patient.close()]);
    }
  });

  it.skipIf(!existsSync('/proc/self/task'))('ends an idle worker and opens the next file on a fresh one', async () => {
    const brief = createP12Loader({ size: 1, idleMs: 1 });
    try {
      expect((await brief.load(identity.p12, identity.password, at)).chain).toHaveLength(1);
      // every loader's idle worker ends, this file's shared one a few seconds after its last file
      await expect.poll(p12Threads, { timeout: 60_000, interval: 50 }).toBe(0);
      expect((await brief.load(identity.p12, identity.password, at)).chain).toHaveLength(1);
      expect(brief.opened).toBe(2);
    } finally {
      await brief.close();
    }
  });
});
