// A final failure of a step shows on the invoice at once (status, history, portal) and an operator can
// re-drive it once the cause is fixed: an invoice never stays "pending" with no signal.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { registerUntrustedTenant } from '../test-support/untrusted-tenant.ts';
import { exampleRequest, pollStatus, startWorld, type World } from '../test-support/world.ts';

let world: World;
let untrustedKey: string;
beforeAll(async () => {
  world = await startWorld({ FE_WAIT_BUDGET_MS: '10000' }, async (dir) => {
    untrustedKey = await registerUntrustedTenant(dir);
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

  const status = await pollStatus(
    { get: (path) => world.get(path, { apiKey: untrustedKey }) },
    created.body.cufe,
    (body) => body.stage === 'submission_failed',
  );
  expect(status).toMatchObject({ status: 'pending', processing_error: { step: 'submission', code: 'SOAP_FAULT_CLIENT' } });
  expect(status.history.at(-1)).toMatchObject({ status: 'pending', stage: 'submission_failed' });
});
