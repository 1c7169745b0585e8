// A final failure of a step shows on the invoice at once (status, history, portal) and an operator can
// re-drive it once the cause is fixed: an invoice never stays "pending" with no signal.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { demoTenant } from '@fe/dian-domain';
import { SqliteAccountStore } from '@fe/portal';
import { makeDemoCertificates } from '@fe/tenancy';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { expectEverySettled } from '../test-support/faults/settled.ts';
import { linkInOutbox } from '../test-support/browser.ts';
import { errorCodeOf, PortalClient } from '../test-support/portal-client.ts';
import { registerUntrustedTenant, type UntrustedTenant } from '../test-support/untrusted-tenant.ts';
import { exampleRequest, pollStatus, startWorld, type World } from '../test-support/world.ts';

let world: World;
let untrusted: UntrustedTenant;
let untrustedKey: string;
let cufe: string;
const OPERATOR = 'operaciones@untrusted.example';
const root = new URL('../../../', import.meta.url).pathname;
const fe = (...args: string[]) => spawnSync('pnpm', ['fe', ...args], { cwd: root, encoding: 'utf8' });
beforeAll(async () => {
  world = await startWorld({ FE_WAIT_BUDGET_MS: '10000' }, async (dir) => {
    untrusted = await registerUntrustedTenant(dir);
    untrustedKey = untrusted.apiKey;
    // The tenant's portal account; its password is chosen through the reset link.
    const accounts = new SqliteAccountStore(join(dir, 'portal.sqlite'));
    await accounts.createAccount(
      { id: 'acc-untrusted', email: OPERATOR, passwordHash: '-', tenantId: 'untrusted' },
      new Date(),
    );
    await accounts.close();
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

it("shows the failed step on the portal's invoice page and re-drives it from there, recording who", async () => {
  // A certificate of yet another CA the simulator does not trust fails the next invoice; the trusted one fixes it.
  const now = new Date();
  const stranger = makeDemoCertificates({ nit: demoTenant.nit, legalName: 'UNTRUSTED S.A.S.' }, now);
  await world.embedded.tenants.storeCertificate('untrusted', stranger.p12, stranger.password, now);
  const created = await world.post(exampleRequest, { apiKey: untrustedKey });
  expect(created.body.processing_error).toMatchObject({ code: 'SOAP_FAULT_CLIENT' });
  const invoiceId = `inv-untrusted-${created.body.number}`;

  const portal = new PortalClient(world.url);
  await portal.post('/admin/password', { email: OPERATOR });
  // The reset mail is queued after the answer (docs/portal.md), so it is waited for.
  const link = new URL(
    await vi.waitFor(() => linkInOutbox(world.dataDir, OPERATOR, 'password/new'), { timeout: 10_000 }),
  );
  const token = link.searchParams.get('token')!;
  const password = 'una clave larga y segura';
  const set = await portal.post(
    '/admin/password/new',
    { token, password, repeat: password },
    { formPage: `${link.pathname}${link.search}` },
  );
  expect(set.status).toBe(303);
  const page = await portal.get(`/admin/invoices/${invoiceId}`);
  expect(page.text).toContain('data-processing-error="SOAP_FAULT_CLIENT"');
  expect(page.text).toContain('El envío a la DIAN falló de forma definitiva');
  expect(page.text).toContain(`/admin/invoices/${invoiceId}/redrive`);

  const forged = await portal.post(`/admin/invoices/${invoiceId}/redrive`, {}, { csrf: 'none' });
  expect(errorCodeOf(forged.text)).toBe('CSRF_INVALID');

  await world.embedded.tenants.storeCertificate('untrusted', untrusted.trusted.p12, untrusted.trusted.password, now);
  const redriven = await portal.post(
    `/admin/invoices/${invoiceId}/redrive`,
    {},
    { formPage: `/admin/invoices/${invoiceId}` },
  );
  expect(redriven.status, redriven.text).toBe(303);
  const get = (path: string) => world.get(path, { apiKey: untrustedKey });
  const judged = await pollStatus({ get }, created.body.cufe, (body) => body.status !== 'pending');
  expect(judged.processing_error).toBeUndefined();
  const events = (await get(`/api/v1/service/invoices/${created.body.cufe}/events`)).body.events;
  expect(events.find((e: { type: string }) => e.type === 'InvoiceRedriveRequested').data).toMatchObject({
    step: 'submission',
    requested_by: `portal:${OPERATOR}`,
  });

  const late = await portal.post(
    `/admin/invoices/${invoiceId}/redrive`,
    {},
    { formPage: `/admin/invoices/${invoiceId}` },
  );
  expect(late.status).toBe(409);
  expect(errorCodeOf(late.text)).toBe('REDRIVE_FINAL');
  await expectEverySettled(world.embedded.eventStore, 0);
});
