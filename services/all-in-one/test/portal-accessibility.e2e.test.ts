import { existsSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessibilityViolations, CHROMIUM, linkInOutbox, openBrowser } from '../test-support/browser.ts';
import { certificateFile, fillCompany, PASSWORD, SOFTWARE_PIN, type Company } from '../test-support/portal-steps.ts';
import { exampleRequest, startWorld, type World } from '../test-support/world.ts';

// The portal without a mouse or sight (WCAG 2.1 AA): axe-core on every page state at a desktop's and a phone's size,
// and a keyboard walk of sign-up and onboarding in which focus stays where the person is.
describe.skipIf(!existsSync(CHROMIUM))('admin portal: keyboard and screen reader', { timeout: 300_000 }, () => {
  const company: Company = { legalName: 'Teclado Accesible S.A.S.', nit: '860002964', dv: '4' };
  const email = 'dora@accesible.example';
  let world: World;
  beforeAll(async () => {
    world = await startWorld({ FE_PORTAL_TEST_SET_DOCUMENTS: '2' });
  }, 240_000);
  afterAll(async () => {
    await world?.close();
  });

  /** Tabs from where focus is until `selector` has it, as a keyboard user reaches a control. */
  async function tabTo(page: Page, selector: string): Promise<void> {
    for (let i = 0; i < 40; i++) {
      if (await page.evaluate(`document.activeElement?.matches(${JSON.stringify(selector)}) ?? false`)) return;
      await page.keyboard.press('Tab');
    }
    throw new Error(`Tab never reached ${selector}`);
  }
  // evaluated in the page, where document exists
  const focused = (page: Page) =>
    page.evaluate(
      "(e => e ? e.tagName.toLowerCase() + (e.id ? '#' + e.id : '') : '')(document.activeElement)",
    ) as Promise<string>;
  /** Waits until the refused page has loaded and focused its error summary (the script runs after parsing). */
  const summaryFocused = async (page: Page) => {
    await page.waitForSelector('[data-error-summary]');
    await page.waitForLoadState('load');
    await page.waitForFunction("document.activeElement?.id === 'error-summary'", undefined, { timeout: 5_000 });
    return focused(page);
  };
  const typeInto = async (page: Page, selector: string, text: string) => {
    await tabTo(page, selector);
    await page.keyboard.type(text);
  };

  it('has no axe violation on any page, and keeps focus where the keyboard user is', async () => {
    const browser = await openBrowser(world.url, 'a11y');
    const { page, shot } = browser;
    const violations: string[] = [];
    const check = async (state: string) => {
      violations.push(...(await accessibilityViolations(page, state)));
      await shot(state);
    };
    try {
      await page.goto(`${world.url}/admin/login`);
      await check('login');
      await page.goto(`${world.url}/admin/password`);
      await check('password-reset');
      await page.fill('#f-email', 'nadie@example.com');
      await page.click('main form.card button[type=submit]');
      await page.waitForURL(/\/admin\/password\/sent$/);
      await check('password-sent');
      await page.goto(`${world.url}/admin/password/new?token=x`);
      await check('password-new');

      // Sign-up by keyboard; the passwords differ: focus lands on the error summary, which links the field.
      await page.goto(`${world.url}/admin/signup`);
      expect(await page.locator('[data-error-summary], [role=alert]').count()).toBe(0);
      await check('signup');
      await typeInto(page, '#f-email', email);
      await typeInto(page, '#f-password', PASSWORD);
      expect(await page.getAttribute('#f-password', 'aria-describedby')).toBe('f-password-hint');
      await typeInto(page, '#f-repeat', `${PASSWORD}!`);
      await page.keyboard.press('Enter');
      expect(await summaryFocused(page)).toBe('div#error-summary');
      expect(await page.textContent('#error-summary')).toContain('Repita la contraseña');
      await check('signup-refused');
      await page.keyboard.press('Tab');
      await page.keyboard.press('Enter');
      expect(await focused(page)).toBe('input#f-repeat');
      await typeInto(page, '#f-password', PASSWORD);
      await typeInto(page, '#f-repeat', PASSWORD);
      await page.keyboard.press('Enter');
      await page.waitForSelector('text=Revise su correo');
      await check('signup-sent');
      await page.goto(linkInOutbox(world.dataDir, email, 'confirm'));
      await page.waitForURL(/\/admin\/onboarding$/);
      await check('onboarding');

      // The company form sent empty: one summary names every field, focus on it; the current step is said in words.
      await page.goto(`${world.url}/admin/onboarding/company`);
      expect(await page.getAttribute('.steps [aria-current=step]', 'href')).toBe('/admin/onboarding/company');
      expect(await page.getAttribute('#f-personType', 'required')).not.toBeNull();
      await check('company');
      await tabTo(page, 'main form.card button[type=submit]');
      await page.keyboard.press('Enter');
      expect(await summaryFocused(page)).toBe('div#error-summary');
      const summary = (await page.textContent('#error-summary'))!;
      for (const label of ['Razón social', 'Tipo de persona', 'Responsabilidades fiscales', 'Municipio'])
        expect(summary).toContain(label);
      expect(summary).not.toMatch(/Invalid|expected/);
      expect(await page.getAttribute('#f-taxLevelCodes', 'aria-describedby')).toBe('f-taxLevelCodes-error');
      await check('company-refused');
      await fillCompany(page, company);
      await page.waitForURL(/\/onboarding\/software$/);
      await check('software');
      await page.fill('#f-id', '');
      await page.click('main form.card button[type=submit]');
      expect(await summaryFocused(page)).toBe('div#error-summary');
      await check('software-refused');
      await page.fill('#f-id', '7a1c3e5f-2b4d-4f6a-8c0e-1d3f5a7b9c2e');
      await page.fill('#f-pin', SOFTWARE_PIN);
      await page.fill('#f-testSetId', '21111111-2222-4333-8444-555555555555');
      await page.click('main form.card button[type=submit]');
      await page.waitForURL(/\/onboarding\/certificate$/);
      await check('certificate');

      // Another company's certificate: a refusal beside the certificate field, not a fault page.
      const other = certificateFile({ legalName: 'Otra S.A.S.', nit: '900373115', dv: '9' });
      await page.setInputFiles('#f-p12', other.file);
      await page.fill('#f-password', other.password);
      const [answer] = await Promise.all([
        page.waitForResponse((r) => r.request().method() === 'POST'),
        page.click('main form[enctype] button[type=submit]'),
      ]);
      expect(answer.status()).toBe(422);
      await page.waitForSelector('[data-field-error="p12"]');
      expect(await page.textContent('[data-field-error="p12"]')).toContain('debe llevar el NIT 860002964');
      expect(await summaryFocused(page)).toBe('div#error-summary');
      await check('certificate-refused');
      await page.click('text=Generar un certificado de prueba (solo habilitación)');
      await page.waitForSelector('[data-cert="test"]');
      await check('certificate-test');

      await page.goto(`${world.url}/admin/onboarding/resolution`);
      await check('resolution');
      await page.click('text=Consultar en la DIAN');
      await page.waitForSelector('#f-prefix');
      await check('resolution-lookup');
      await page.click('main form.card:has(#f-prefix) button[type=submit]');
      await page.waitForURL(/\/onboarding\/test-set$/);
      await check('test-set');

      // While the set runs the page is updated in place: the link the user tabbed to keeps focus, nothing reloads.
      await page.click('text=Enviar el set de pruebas');
      await page.waitForSelector('[data-test-set="running"], [data-test-set="passed"]');
      await page.evaluate('window.stillThisPage = true');
      expect(await page.getAttribute('[data-test-set]', 'role')).toBe('status');
      expect(await page.getAttribute('[role=progressbar]', 'aria-label')).toBeTruthy();
      await tabTo(page, 'a[href="/admin/settings"].button');
      await check('test-set-running');
      await page.waitForSelector('[data-test-set="passed"], [data-test-set="failed"]', { timeout: 90_000 });
      expect(await page.getAttribute('[data-test-set]', 'data-test-set')).toBe('passed');
      expect(await page.evaluate('window.stillThisPage')).toBe(true);
      expect(await focused(page)).toBe('a');
      expect(await page.evaluate("document.activeElement?.getAttribute('href')")).toBe('/admin/settings');
      await check('test-set-passed');

      await page.goto(`${world.url}/admin/settings`);
      await check('settings');
      await page.goto(`${world.url}/admin/onboarding/company?from=settings`);
      await check('settings-company');
      await page.click('main form.card button[type=submit]');
      await page.waitForURL(/\/admin\/settings$/);
      await check('settings-saved');
      await page.click('[data-copy-target="api-key"]');
      await page.waitForFunction("document.getElementById('announcer')?.textContent !== ''");
      expect(await page.getAttribute('#announcer', 'role')).toBe('status');
      const key = await page.inputValue('#api-key');
      const issued = await world.post(exampleRequest, { apiKey: key, headers: { prefer: 'wait=0' } });
      expect(issued.status).toBe(202);
      await page.goto(`${world.url}/admin/invoices`);
      await page.waitForSelector('tr[data-invoice]');
      await check('invoices');
      await page.click('tr[data-invoice] a');
      await page.waitForURL(/\/admin\/invoices\/inv-/);
      await check('invoice');
      await page.goto(`${world.url}/admin/invoices/inv-none`);
      await check('not-found');
    } finally {
      await browser.close();
    }
    expect(violations).toEqual([]);
  });
});
