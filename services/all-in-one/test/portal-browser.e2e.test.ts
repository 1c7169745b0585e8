import { existsSync } from 'node:fs';
import { demoResolution } from '@fe/dian-domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM, openBrowser } from '../test-support/browser.ts';
import {
  certificateFile,
  fillCompany,
  fillResolution,
  fillSoftware,
  PASSWORD,
  signUpAndConfirm,
  SOFTWARE_PIN,
  uploadCertificate,
  type Company,
} from '../test-support/portal-steps.ts';
import { exampleRequest, startWorld, type World } from '../test-support/world.ts';

// The admin portal in a real browser (docs/portal.md), against the whole embedded service.
describe.skipIf(!existsSync(CHROMIUM))('admin portal in headless Chromium', () => {
  let world: World;
  beforeAll(async () => {
    world = await startWorld();
  });
  afterAll(async () => {
    await world?.close();
  });

  let firstInvoicePath = '';
  const company: Company = { legalName: '<script>alert("xss")</script> Comercial S.A.S.', nit: '900108281', dv: '3' };

  it('walks a new company from sign-up through onboarding to its key, issues an invoice with it and finds it in the list', async () => {
    const browser = await openBrowser(world.url, 'walk');
    const { page, shot } = browser;
    try {
      await signUpAndConfirm(page, world.url, world.dataDir, 'ana@comercial.example');
      await shot('onboarding');

      // A DV that does not match the NIT: refused beside the DV field, what was typed kept.
      await fillCompany(page, { ...company, dv: '4' });
      expect(await page.textContent('[data-field-error="dv"]')).toContain('dígito de verificación');
      expect(await page.inputValue('#f-legalName')).toBe(company.legalName);
      await shot('company-wrong-dv');
      await fillCompany(page, company);
      await fillSoftware(page);

      const good = certificateFile(company);
      await uploadCertificate(page, good.file, 'no es la clave');
      expect(await page.getAttribute('[data-error-code]', 'data-error-code')).toBe('P12_WRONG_PASSWORD');
      expect(await page.textContent('[data-field-error="password"]')).toContain('La contraseña no abre');
      await shot('certificate-wrong-password');
      const expired = certificateFile(company, new Date(Date.now() - 3 * 365 * 86_400_000));
      await uploadCertificate(page, expired.file, expired.password);
      expect(await page.getAttribute('[data-error-code]', 'data-error-code')).toBe('CERT_EXPIRED');
      expect(await page.textContent('[data-field-error="p12"]')).toContain('vencido');
      await shot('certificate-expired');
      await uploadCertificate(page, good.file, good.password);
      expect(await page.textContent('[data-cert="subject"]')).toContain('900108281');
      expect(await page.content()).not.toContain(good.password);
      await shot('certificate-accepted');

      // DIAN (the simulator) refuses this company's query (a CA it does not trust, a NIT it does not know): said in a
      // sentence, then typed.
      await page.goto(`${world.url}/admin/onboarding/resolution`);
      await page.click('text=Consultar en la DIAN');
      expect(await page.getAttribute('[data-error-code]', 'data-error-code')).toBe('DIAN_LOOKUP_FAILED');
      expect(await page.textContent('[data-error-code]')).toMatch(/DIAN/);
      await fillResolution(page);
      await shot('test-set');
      await page.click('text=Ir a Ajustes');
      await page.waitForURL(/\/admin\/settings$/);
      // The company name as typed, shown as text: no script ran (a dialog would have failed the test).
      expect(await page.textContent('[data-company="legal-name"]')).toBe(company.legalName);
      expect(await page.locator('main script').count()).toBe(0);
      await page.click('[data-copy-target="api-key"]');
      // runs in the page, where navigator exists
      const copied = (await page.evaluate('navigator.clipboard.readText()')) as string;
      expect(copied).toMatch(/^fe_test_[0-9A-Za-z]{43}$/);
      expect(copied).toBe(await page.inputValue('#api-key'));
      await shot('settings');

      const issued = await world.post(exampleRequest, { apiKey: copied, headers: { prefer: 'wait=0' } });
      expect(issued.status).toBe(202);
      const number = issued.body.number as string;
      expect(number).toMatch(/^SETP99\d+$/);
      await page.goto(`${world.url}/admin/invoices`);
      await page.waitForSelector(`tr[data-invoice="${number}"]`);
      firstInvoicePath = (await page.getAttribute(`tr[data-invoice="${number}"] a`, 'href'))!;
      expect(await page.textContent(`tr[data-invoice="${number}"]`)).toContain('Cliente de Ejemplo S.A.S.');
      await shot('invoices');
      // Filters: by status that does not match, the row is gone.
      await page.goto(`${world.url}/admin/invoices?q=nada-que-coincida`);
      expect(await page.locator('tr[data-invoice]').count()).toBe(0);
      // Neither the password, the PIN nor the .p12's password reached a log line.
      const logs = world.logs.join('\n');
      for (const secret of [PASSWORD, SOFTWARE_PIN, good.password]) expect(logs).not.toContain(secret);
    } finally {
      await browser.close();
    }
  });

  it('logs in, rotates the key (the old one works through its grace period, shown) and revokes every key', async () => {
    const browser = await openBrowser(world.url, 'keys');
    const { page, shot } = browser;
    try {
      await page.goto(`${world.url}/admin/login`);
      await page.fill('#f-email', 'ana@comercial.example');
      await page.fill('#f-password', PASSWORD);
      await page.click('main form.card button[type=submit]');
      await page.goto(`${world.url}/admin/settings`);
      const oldKey = await page.inputValue('#api-key');
      await page.click('text=Rotar la clave');
      await page.waitForSelector('[data-grace-until]');
      const newKey = await page.inputValue('#api-key');
      expect(newKey).not.toBe(oldKey);
      const graceUntil = Date.parse((await page.getAttribute('[data-grace-until]', 'data-grace-until'))!);
      expect(graceUntil - Date.now()).toBeGreaterThan(23 * 3_600_000);
      await shot('rotated');
      // Redirected after the post: a reload shows the page again, it does not rotate again.
      expect(new URL(page.url()).pathname).toBe('/admin/settings');
      await page.reload();
      expect(await page.inputValue('#api-key')).toBe(newKey);
      expect(await page.locator('text=Clave rotada.').count()).toBe(0);
      const status = async (key: string) =>
        (await world.get('/api/v1/service/status/' + '0'.repeat(96), { apiKey: key })).status;
      expect(await status(oldKey)).toBe(404); // authenticated: no such invoice
      expect(await status(newKey)).toBe(404);

      await page.click('text=Revocar todas las claves'); // the confirmation box is required: nothing happens unchecked
      expect(await page.locator('#api-key').count()).toBe(1);
      await page.check('input[name=confirm]');
      await page.click('text=Revocar todas las claves');
      await page.waitForSelector('text=Emitir una clave nueva');
      await shot('revoked');
      expect(await status(oldKey)).toBe(401);
      expect(await status(newKey)).toBe(401);
      await page.click('text=Emitir una clave nueva');
      const issued = await page.inputValue('#api-key');
      expect(await status(issued)).toBe(404);
    } finally {
      await browser.close();
    }
  });

  it("shows another tenant's invoice to nobody: its page reads as not found and the list holds only one's own", async () => {
    expect(firstInvoicePath).toMatch(/^\/admin\/invoices\/inv-/);
    const browser = await openBrowser(world.url, 'other-tenant');
    const { page, shot } = browser;
    try {
      await signUpAndConfirm(page, world.url, world.dataDir, 'beto@otra.example');
      const answer = await page.goto(`${world.url}${firstInvoicePath}`);
      expect(answer?.status()).toBe(404);
      expect(await page.getAttribute('[data-error-code]', 'data-error-code')).toBe('NOT_FOUND');
      expect(await page.content()).not.toContain('Cliente de Ejemplo');
      await shot('not-found');
      await page.goto(`${world.url}/admin/invoices`);
      expect(await page.locator('tr[data-invoice]').count()).toBe(0);
    } finally {
      await browser.close();
    }
  });
});

// A company of its own, as a newcomer makes it: a new NIT and software, a test certificate for that NIT from the
// local test CA (the built-in simulator trusts it), DIAN's test range read from the simulator, the set passed, then
// production.
describe.skipIf(!existsSync(CHROMIUM))('admin portal: the habilitación run and production', () => {
  const company: Company = { legalName: 'Empresa Habilitada S.A.S.', nit: '860002964', dv: '4' };
  const software = { id: '2f6e8c1a-3b5d-4e7f-9a0b-1c2d3e4f5a6b', pin: SOFTWARE_PIN };
  let world: World;
  beforeAll(async () => {
    world = await startWorld({ FE_PORTAL_TEST_SET_DOCUMENTS: '2' });
  });
  afterAll(async () => {
    await world?.close();
  });

  it("sends the set, shows its progress to DIAN's acceptance, then switches to production with a fe_live_ key", async () => {
    const browser = await openBrowser(world.url, 'test-set');
    const { page, shot } = browser;
    try {
      await signUpAndConfirm(page, world.url, world.dataDir, 'caro@habilitada.example');
      await fillCompany(page, company);
      // First a TestSetId that is not one DIAN's portal gives (a GUID): the run's documents go with SendTestSetAsync,
      // so it is refused.
      await fillSoftware(page, { ...software, testSetId: 'set-de-pruebas' });
      await shot('certificate-step');
      await page.click('text=Generar un certificado de prueba (solo habilitación)');
      await page.waitForSelector('[data-cert="test"]');
      expect(await page.textContent('[data-cert="subject"]')).toContain('(PRUEBA)');
      await shot('test-certificate');
      // The resolution as DIAN (the simulator) reports it with GetNumberingRange, signed with the certificate.
      await page.goto(`${world.url}/admin/onboarding/resolution`);
      await page.click('text=Consultar en la DIAN');
      expect(await page.inputValue('#f-prefix')).toBe(demoResolution.prefix);
      expect(await page.inputValue('#f-from')).toBe(demoResolution.from);
      expect(await page.inputValue('#f-technicalKey')).toBe(demoResolution.technicalKey);
      await shot('numbering-range');
      await page.click('main form.card:has(#f-prefix) button[type=submit]');
      await page.waitForURL(/\/onboarding\/test-set$/);
      await page.click('text=Enviar el set de pruebas');
      await page.waitForSelector('[data-test-set="failed"]', { timeout: 60_000 });
      expect(await page.textContent('[data-test-set]')).toContain('no reconoce el identificador del set de pruebas');
      await shot('refused-test-set-id');
      // Then a TestSetId of its own, which the simulator has not seen: it starts a set for it, as DIAN does.
      await page.goto(`${world.url}/admin/onboarding/software`);
      await fillSoftware(page, { ...software, testSetId: '11111111-2222-4333-8444-555555555555' });
      await page.goto(`${world.url}/admin/onboarding/test-set`);
      await page.click('text=Enviar de nuevo');
      await page.waitForSelector('[data-test-set="running"], [data-test-set="passed"]');
      await shot('running');
      await page.waitForSelector('[data-test-set="passed"], [data-test-set="failed"]', { timeout: 90_000 });
      await shot('finished');
      expect(await page.getAttribute('[data-test-set]', 'data-test-set')).toBe('passed');
      expect(await page.textContent('[data-test-set]')).toContain('2 aceptadas');

      await page.goto(`${world.url}/admin/settings`);
      expect(await page.inputValue('#api-key')).toMatch(/^fe_test_/);
      await page.click('text=Pasar a producción');
      await page.waitForSelector('[data-environment="1"]');
      expect(await page.inputValue('#api-key')).toMatch(/^fe_live_/);
      await shot('production');
    } finally {
      await browser.close();
    }
  });
});
