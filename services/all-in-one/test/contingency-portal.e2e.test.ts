// Contingency in the portal on the embedded shape, in headless Chromium (docs/contingency.md): DIAN stays down past
// the alarm point (CONTINGENCY_ALARM_HOURS past the 48-hour window: due at once), the tenant's owner gets one mail in
// the mail server (GreenMail) however many sweeps run, and every page says how many invoices wait and the earliest
// deadline until DIAN took them. Then a sale documented on paper is typed into the form, refused once beside its
// date, issued as a type-03 invoice naming the paper one (FAI01–FAI03) and accepted: the signed XML checked with
// DIAN's XSD (xmllint), xmlsec1 and the CUFE recomputed by the suite's own formula.
import { randomUUID } from 'node:crypto';
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { colombiaDateTime } from '@fe/dian-domain';
import { cbc, descendants, NS, parseXmlTree, textAt } from '@fe/dian-xml';
import { readMail } from '@fe/mail';
import { requiredTestEnv } from '@fe/platform/testing';
import { SqliteAccountStore } from '@fe/portal';
import { invoiceXsd, xmllintXsd, xmlsec1Verify } from '@fe/xades/testing';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessibilityViolations, CHROMIUM, openBrowser, type Browser } from '../test-support/browser.ts';
import { PASSWORD } from '../test-support/portal-steps.ts';
import { mailsTo, until } from '../test-support/radian-buyer.ts';
import { startEmbeddedShape } from '../test-support/shapes/embedded-shape.ts';
import type { Shape } from '../test-support/shapes/shape.ts';
import { contingencyEnv, recomputedCufe } from '../test-support/suites/contingency.ts';
import { exampleRequest, pollStatus } from '../test-support/world.ts';

const need = 'the mail server (bash infra/up.sh mail)';
const imapUrl = requiredTestEnv('FE_TEST_IMAP_URL', need);
const smtpUrl = requiredTestEnv('FE_TEST_MAIL_SMTP_URL', need);
// GreenMail makes a mailbox of any address it receives mail for: the owner's is this run's own.
const OWNER = `caja-${randomUUID().slice(0, 8)}@fe.test`;
const ALARM_SUBJECT = 'Facturas de contingencia sin transmitir a la DIAN';

/** Types a line of the paper form: code, description, quantity, unit price, and picks its tax. */
async function fillLine(page: Page, index: number, [code, name, quantity, price, tax]: string[]): Promise<void> {
  await page.fill(`#f-lines-${index}-code`, code!);
  await page.fill(`#f-lines-${index}-name`, name!);
  await page.fill(`#f-lines-${index}-quantity`, quantity!);
  await page.fill(`#f-lines-${index}-unit_price`, price!);
  await page.selectOption(`#f-lines-${index}-tax`, tax!);
}

const alarmMails = async () =>
  (await mailsTo(imapUrl, OWNER)).filter((m) => m.subject.startsWith(ALARM_SUBJECT)).map((m) => readMail(m.raw));

describe.skipIf(!existsSync(CHROMIUM))('contingency in the portal', { timeout: 300_000 }, () => {
  let shape: Shape;
  let browser: Browser;
  let page: Page;
  beforeAll(async () => {
    shape = await startEmbeddedShape({
      env: {
        ...contingencyEnv, // quick probes; CONTINGENCY_ALARM_HOURS past the window: every invoice is within the alarm
        FE_SMTP_URL: smtpUrl,
        FE_PORTAL_CERTIFICATE_SWEEP_MS: '300',
      },
      // The demo tenant's owner in the portal; the password is chosen through the reset mail below.
      async prepare(dir) {
        const accounts = new SqliteAccountStore(join(dir, 'portal.sqlite'));
        await accounts.createAccount({ id: 'acc-demo', email: OWNER, passwordHash: '-', tenantId: 'demo' }, new Date());
        await accounts.confirm('acc-demo', new Date());
        await accounts.close();
      },
    });
    browser = await openBrowser(shape.url, 'contingency');
    page = browser.page;
    await page.goto(`${shape.url}/admin/password`);
    await page.fill('#f-email', OWNER);
    await page.click('main form.card button[type=submit]');
    const link = await until('the reset mail', async () => {
      for (const { raw } of await mailsTo(imapUrl, OWNER)) {
        const found = /https?:\/\/\S+\/admin\/password\/new\?token=[A-Za-z0-9_-]+/.exec(readMail(raw).text)?.[0];
        if (found) return found;
      }
      return undefined;
    });
    await page.goto(link);
    await page.fill('#f-password', PASSWORD);
    await page.fill('#f-repeat', PASSWORD);
    await page.click('main form.card button[type=submit]');
    await page.waitForURL((url) => !url.pathname.startsWith('/admin/password'));
  }, 300_000);
  afterAll(async () => {
    await browser?.close();
    await shape?.close();
  });

  it('mails the owner once and shows the untransmitted invoices above every page while DIAN is down', async () => {
    await shape.setContingency('demo', 'automatic');
    await shape.dian.setFault('http503');
    await until('the outage seen', async () => shape.ingressLogs().find((l) => l.includes('DIAN is down')));
    const issued: { cufe: string; number: string }[] = [];
    for (let i = 0; i < 2; i++) {
      const answer = await shape.post(exampleRequest);
      expect(answer.status, answer.text).toBe(202);
      issued.push({ cufe: answer.body.cufe, number: answer.body.number });
    }
    const readiness = (await shape.get('/api/v1/service/tenant/readiness')).body;
    const deadline = readiness.warnings.find((w: { code: string }) => w.code === 'CONTINGENCY_DEADLINE');
    expect(deadline.document_id).toBe(issued[0]!.number);

    const [mail] = await until('the alarm mail', async () => ((await alarmMails()).length ? alarmMails() : undefined));
    // The first sweep after the outage may see one invoice or both: either is the batch, headed by the first.
    expect(mail!.text).toMatch(
      new RegExp(
        `Hay [12] facturas? de contingencia \\(tipo 04\\) que la DIAN aún no ha recibido[:;] la (primera, )?${issued[0]!.number},( que)? debe transmitirse a más tardar el`,
      ),
    );
    expect(mail!.text).toContain(`${shape.url}/admin/invoices?status=pending`);

    for (const path of ['/admin/invoices', '/admin/settings', '/admin/invoices/paper']) {
      await page.goto(`${shape.url}${path}`);
      const banner = page.locator('aside[data-contingency-untransmitted]');
      expect(await banner.getAttribute('data-contingency-untransmitted'), path).toBe('2');
      expect(await banner.getAttribute('data-transmit-by'), path).toBe(deadline.transmit_by);
      expect(await banner.innerText(), path).toContain(`la primera, ${issued[0]!.number}, debe transmitirse`);
    }
    await browser.shot('banner');
    expect(await accessibilityViolations(page, 'the paper form under the banner')).toEqual([]);
    await new Promise((r) => setTimeout(r, 2000)); // six sweeps more
    expect(await alarmMails()).toHaveLength(1);

    await shape.dian.setFault(undefined);
    for (const { cufe } of issued)
      expect((await pollStatus(shape, cufe, (b) => b.status !== 'pending', 60_000)).status).toBe('accepted');
    await page.goto(`${shape.url}/admin/invoices`);
    expect(await page.locator('aside[data-contingency-untransmitted]').count()).toBe(0);
    expect(await alarmMails()).toHaveLength(1);
  });

  it('issues a sale documented on paper from the form as a type-03 invoice naming it, accepted by DIAN', async () => {
    await until('DIAN seen again', async () => shape.ingressLogs().find((l) => l.includes('DIAN answers again')));
    await shape.setContingency('demo', 'off');
    await page.goto(`${shape.url}/admin/invoices`);
    await page.click('a[href="/admin/invoices/paper"]');
    await page.fill('#f-paper_document-number', 'TAL-000418');
    await page.fill('#f-paper_document-issue_date', '2999-01-01'); // after today: refused beside the field
    await page.selectOption('#f-customer-document_type', '31');
    await page.fill('#f-customer-document_number', '900108281');
    await page.fill('#f-customer-name', 'Cliente de Papel S.A.S.');
    await fillLine(page, 0, ['P-1', 'Almuerzo ejecutivo', '2', '18500', '04:8']);
    await page.click('[data-line="1"] [data-remove-line]');
    await page.click('[data-add-line]'); // a row numbered after the last one (2, left blank): 3
    await fillLine(page, 3, ['P-2', 'Bolsa de café', '1', '30000', '01:19']);
    await page.selectOption('#f-payment-method_code', '10');
    await page.click('form[data-paper-invoice] button[type=submit]');
    await page.waitForSelector('[data-error-summary]');
    expect(await page.getAttribute('[data-error-summary]', 'data-error-code')).toBe('VALIDATION_ERROR');
    expect(await page.innerText('[data-field-error="paper_document.issue_date"]')).toBe(
      'Escriba la fecha de la factura de papel: una fecha real, no posterior a hoy.',
    );
    expect(await page.inputValue('#f-lines-1-name')).toBe('Bolsa de café'); // the blank row dropped, the rest kept
    await browser.shot('refused');
    expect(await accessibilityViolations(page, 'the paper form refused')).toEqual([]);

    const today = colombiaDateTime(new Date()).date;
    await page.fill('#f-paper_document-issue_date', today);
    await page.click('form[data-paper-invoice] button[type=submit]');
    await page.waitForURL(/\/admin\/invoices\/inv-demo-/);
    expect(await page.innerText('main')).toContain('Factura de contingencia (tipo 03) emitida a partir de la de papel');
    await until('the verdict on the page', async () => {
      await page.reload();
      return (await page.getAttribute('dd[data-status]', 'data-status')) === 'accepted' ? true : undefined;
    });
    await browser.shot('accepted');
    const href = (await page.getAttribute('a:has-text("XML firmado")', 'href'))!;
    const xml = await (await fetch(new URL(href, shape.url))).text();
    expect(xml).toContain('<cbc:InvoiceTypeCode>03</cbc:InvoiceTypeCode>');
    expect(xml).toContain(
      '<cac:AdditionalDocumentReference><cbc:ID>TAL-000418</cbc:ID><cbc:UUID>TAL-000418</cbc:UUID>' +
        `<cbc:IssueDate>${today}</cbc:IssueDate><cbc:DocumentTypeCode>FTC</cbc:DocumentTypeCode></cac:AdditionalDocumentReference>`,
    );
    const root = parseXmlTree(xml);
    expect(descendants(root, NS.cac, 'InvoiceLine')).toHaveLength(2);
    const xmlFile = join(shape.scratchDir, 'paper-type-03.xml');
    writeFileSync(xmlFile, xml);
    expect(xmllintXsd(xmlFile, invoiceXsd).ok).toBe(true);
    const caFile = join(shape.scratchDir, 'demo-ca.pem');
    writeFileSync(caFile, (await shape.trustedCaPems('demo'))[0]!);
    const verified = xmlsec1Verify(xmlFile, caFile);
    expect(verified.ok, verified.output).toBe(true);
    expect(recomputedCufe(xml)).toBe(textAt(root, cbc('UUID')));
  });
});
