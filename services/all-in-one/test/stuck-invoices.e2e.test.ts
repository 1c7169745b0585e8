// A final failure of a step shows on the invoice at once (status, history, portal) and an operator can
// re-drive it once the cause is fixed: an invoice never stays "pending" with no signal.
import { spawnSync } from 'node:child_process';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { expectEverySettled } from '../test-support/faults/settled.ts';
import { registerUntrustedTenant, type UntrustedTenant } from '../test-support/untrusted-tenant.ts';
import { exampleRequest, pollStatus, startWorld, type World } from '../test-support/world.ts';

let world: World;
let untrusted: UntrustedTenant;
let untrustedKey: string;
let cufe: string;
const root = new URL('../../../', import.meta.url).pathname;
const fe = (...args: string[]) => spawnSync('pnpm', ['fe', ...args], { cwd: root, encoding: 'utf8' });
beforeAll(async () => {
  world = await startWorld({ FE_WAIT_BUDGET_MS: '10000' }, async (dir) => {
    untrusted = await registerUntrustedTenant(dir);
    untrustedKey = untrusted.apiKey;
  });
});
afterAll(() => world?.close());

it('answers a WS-Security refusal as soon as DIAN gives it, with the step that failed and its code', async () => {
  const started = Date.now();
  const created = await world.post(exampleRequest, { apiKey: untrustedKey });
  const tookMs = Date.now() - started;
  expect(created.status, created.text).toBe(202);
  expect(tookMs).toBeLessThan(6000);
  expect(created.body).toMatchObject({
    status: 'pending',
    processing_error: { step: 'submission', code: 'SOAP_FAULT_CLIENT', at: expect.any(String) },
  });
  expect(created.body.processing_error.message).toMatch(/DIAN/);
  expect(created.body.processing_error.message).toMatch(/operador/);

  cufe = created.body.cufe;
  const status = await pollStatus(
    { get: (path) => world.get(path, { apiKey: untrustedKey }) },
    created.body.cufe,
    (body) => body.stage === 'submission_failed',
  );
  expect(status).toMatchObject({
    status: 'pending',
    processing_error: { step: 'submission', code: 'SOAP_FAULT_CLIENT' },
  });
  expect(status.history.at(-1)).toMatchObject({ status: 'pending', stage: 'submission_failed' });
  await expectEverySettled(world.embedded.eventStore, 0);
});

it('re-drives the submission from the CLI once a trusted certificate is on file, and refuses a final invoice', async () => {
  // The CLI runs for seconds: a keep-alive connection the service closes meanwhile is tried once more.
  const get = (path: string) => world.get(path, { apiKey: untrustedKey });
  const api = { get: (path: string) => get(path).catch(() => get(path)) };
  await world.embedded.tenants.storeCertificate(
    'untrusted',
    untrusted.trusted.p12,
    untrusted.trusted.password,
    new Date(),
  );
  const run = fe('redrive', cufe, '--data-dir', world.dataDir);
  expect(run.status, run.stderr).toBe(0);
  expect(run.stdout).toContain('submission re-driven by cli:');
  const judged = await pollStatus(api, cufe, (body) => body.status !== 'pending');
  expect(judged.processing_error).toBeUndefined();
  expect(judged.stage).toBe(judged.status);

  const history = fe('history', cufe, '--data-dir', world.dataDir);
  expect(history.stdout).toMatch(/InvoiceSubmissionFailed.v1[\s\S]*InvoiceRedriveRequested.v1/);
  expect(history.stdout).toMatch(/re-drive of submission requested by cli:/);

  const again = fe('redrive', cufe, '--data-dir', world.dataDir);
  expect(again.status).toBe(1);
  expect(again.stderr).toContain('REDRIVE_FINAL');
});
