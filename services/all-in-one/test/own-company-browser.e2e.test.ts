// README's "a company of your own" in Chromium, on the embedded service and its simulator, twice: with a test
// certificate the local test CA makes for the company's own NIT, and with a certificate from a CA the operator put on
// the simulator's trust list. Each signs up, onboards, passes its habilitación set, goes to production, issues an
// invoice with its live key and opens its PDF. Every page is kept at 390×844 and 1280×800 in test-artifacts/portal/.
// Forms are found by their action and fields by their ids, so a change of wording does not break the walk.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { nitCheckDigit } from '@fe/dian-domain';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { CHROMIUM, linkInOutbox, openBrowser } from '../test-support/browser.ts';
import { makeOperatorCa, type OperatorCa } from '../test-support/operator-ca.ts';
import { fillCompany, fillSoftware, PASSWORD, SOFTWARE_PIN } from '../test-support/portal-steps.ts';
import { exampleRequest, startWorld, type World } from '../test-support/world.ts';

const root = new URL('../../../', import.meta.url).pathname;
const fe = (args: string[]) => spawnSync('pnpm', ['-s', 'fe', ...args], { cwd: root, encoding: 'utf8' });

let world: World;
let operatorCa: OperatorCa;
beforeAll(async () => {
  world = await startWorld({ FE_PORTAL_TEST_SET_DOCUMENTS: '2' });
  operatorCa = makeOperatorCa();
});
afterAll(async () => {
  await world?.close();
  operatorCa?.close();
});

type Walk = {
  label: string;
  email: string;
  company: { legalName: string; nit: string };
  software: { id: string; testSetId: string };
  /** Loads the company's certificate on the certificate step. */
  certificate(page: Page): Promise<void>;
};

const submit = (page: Page, action: string) => page.click(`form[action="/admin/${action}"] [type=submit]`);

async function walk(w: Walk): Promise<void> {
  const browser = await openBrowser(world.url, w.label, { sizes: 'both' });
  const { page, shot } = browser;
  try {
    await page.goto(`${world.url}/admin/signup`);
    await shot('signup');
    await page.fill('#f-email', w.email);
    await page.fill('#f-password', PASSWORD);
    await page.fill('#f-repeat', PASSWORD);
    await submit(page, 'signup');
    await page.waitForLoadState('load');
    await shot('check-your-mail');
    await page.goto(linkInOutbox(world.dataDir, w.email, 'confirm'));
    await page.waitForURL(/\/admin\/onboarding$/);
    await shot('onboarding');

    const company = { ...w.company, dv: String(nitCheckDigit(w.company.nit)) };
    await page.goto(`${world.url}/admin/onboarding/company`);
    await shot('company');
    await fillCompany(page, company);
    await page.waitForURL(/\/onboarding\/software$/);
    await shot('software');
    await fillSoftware(page, { id: w.software.id, pin: SOFTWARE_PIN, testSetId: w.software.testSetId });
    await shot('certificate');
    await w.certificate(page);
    await page.waitForSelector('[data-cert="subject"]');
    expect(await page.textContent('[data-cert="subject"]')).toContain(w.company.legalName);
    await shot('certificate-loaded');

    // DIAN's range for this software, read from the simulator with GetNumberingRange, fills the form.
    await page.goto(`${world.url}/admin/onboarding/resolution`);
    await shot('resolution');
    await submit(page, 'onboarding/resolution/lookup');
    await page.waitForLoadState('load');
    expect(await page.inputValue('#f-prefix')).toBe('SETP');
    await shot('resolution-from-dian');
    await submit(page, 'onboarding/resolution');
    await page.waitForURL(/\/onboarding\/test-set$/);
    await shot('test-set');
    await submit(page, 'onboarding/test-set');
    await page.waitForSelector('[data-test-set="passed"], [data-test-set="failed"]', { timeout: 120_000 });
    expect(await page.getAttribute('[data-test-set]', 'data-test-set')).toBe('passed');
    await shot('test-set-passed');

    await page.goto(`${world.url}/admin/settings`);
    await shot('settings');
    await submit(page, 'settings/production');
    await page.waitForSelector('[data-environment="1"]');
    const liveKey = await page.inputValue('#api-key');
    expect(liveKey).toMatch(/^fe_live_/);
    await shot('production');

    const issued = await world.post(exampleRequest, { apiKey: liveKey });
    expect(issued.status, issued.text).toBe(201);
    expect(issued.body.status).toBe('accepted');
    const number = issued.body.number as string;
    await page.goto(`${world.url}/admin/invoices`);
    await page.waitForSelector(`tr[data-invoice="${number}"]`);
    await shot('invoices');
    await page.click(`tr[data-invoice="${number}"] a`);
    await page.waitForURL(/\/admin\/invoices\/inv-/);
    // The PDF is rendered after DIAN's acceptance: the page shows its link once it is there.
    let pdf = page.locator('main a[href*=".pdf"], main a:text-is("PDF")');
    for (let attempt = 0; (await pdf.count()) === 0 && attempt < 60; attempt++) {
      await new Promise((done) => setTimeout(done, 500));
      await page.reload();
      pdf = page.locator('main a[href*=".pdf"], main a:text-is("PDF")');
    }
    await shot('invoice');
    const opened = await page.request.get(new URL((await pdf.first().getAttribute('href'))!, page.url()).href);
    expect(opened.status()).toBe(200);
    expect(opened.headers()['content-type']).toContain('application/pdf');
    expect((await opened.body()).subarray(0, 5).toString()).toBe('%PDF-');
  } finally {
    await browser.close();
  }
}

it.skipIf(!existsSync(CHROMIUM))(
  "a company with a test certificate the local test CA made for its own NIT: habilitación, production, an invoice's PDF",
  () =>
    walk({
      label: 'own-test-ca',
      email: 'gerencia@cafesdelsur.example',
      company: { legalName: 'Cafés del Sur S.A.S.', nit: '860002964' },
      software: { id: '7e3a1c5b-2d4f-4a6e-8b0c-9d1e2f3a4b5c', testSetId: '0f1e2d3c-4b5a-4697-8a8b-7c6d5e4f3a2b' },
      certificate: async (page) => {
        await submit(page, 'onboarding/certificate/test');
        await page.waitForSelector('[data-cert="test"]');
      },
    }),
  300_000,
);

it.skipIf(!existsSync(CHROMIUM))(
  "a company with a certificate from a CA the operator added to the simulator's trust list: the same to its PDF",
  async () => {
    const added = fe(['dian-simulator', 'trust', 'add', operatorCa.caFile, '--data-dir', world.dataDir]);
    expect(added.status, added.stderr).toBe(0);
    const company = { legalName: 'Textiles Andinos S.A.S.', nit: '900373115' };
    const { p12, password } = operatorCa.issue(company);
    await walk({
      label: 'own-operator-ca',
      email: 'contabilidad@textilesandinos.example',
      company,
      software: { id: '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d', testSetId: '5d4c3b2a-1f0e-4d9c-8b7a-6f5e4d3c2b1a' },
      certificate: async (page) => {
        await page.setInputFiles('#f-p12', { name: 'firma.p12', mimeType: 'application/x-pkcs12', buffer: p12 });
        await page.fill('#f-password', password);
        await submit(page, 'onboarding/certificate');
        await page.waitForLoadState('load');
        expect(await page.textContent('[data-cert="issuer"]')).toContain('Certificadora de Pruebas');
      },
    });
  },
  300_000,
);
