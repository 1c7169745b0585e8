// The paper invoice form (type 03) and the contingency banner over HTTP: what was typed reaches the API as its request
// (the tenant's key, one Idempotency-Key per form shown), a refusal comes back beside its fields in Spanish, an issued
// invoice opens its page; the banner counts the untransmitted contingency invoices on every page of the tenant.
import { demoResolution, demoSoftware, demoTenant } from '@fe/dian-domain';
import type { UntransmittedInvoice } from '@fe/invoice-status';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tokenHash } from '../src/auth/tokens.ts';
import type { IssueThroughApi } from '../src/ports/issue-through-api.ts';
import { startPortalApp, type PortalApp } from '../test-support/portal-app.ts';

const errorCodeOf = (page: string) => /data-error-code="([A-Z_0-9]+)"/.exec(page)?.[1];
const fieldError = (page: string, name: string) =>
  new RegExp(`data-field-error="${name.replace(/\./g, '\\.')}">([^<]*)<`).exec(page)?.[1];

describe('the paper invoice form', () => {
  let portal: PortalApp;
  let apiKey: string;
  const asked: { apiKey: string; document: unknown; key: string }[] = [];
  const answers: Awaited<ReturnType<IssueThroughApi>>[] = [];
  const queue: UntransmittedInvoice[] = [];
  const session = 'P'.repeat(43);
  beforeAll(async () => {
    portal = await startPortalApp({ FE_PORTAL_FORM_POSTS_PER_MINUTE: '1000' }, undefined, {
      issue: async (key, document, idempotencyKey) => {
        asked.push({ apiKey: key, document, key: idempotencyKey });
        return answers.shift()!;
      },
      contingency: { alarmHours: 12, untransmitted: async () => [...queue] },
    });
    await portal.registry.createTenant({
      tenant: { ...demoTenant, id: 'papel' },
      environment: '2',
      software: demoSoftware,
      resolutions: [demoResolution],
    });
    apiKey = await portal.registry.issueApiKey('papel');
    await portal.accounts.createAccount(
      { id: 'a1', email: 'caja@papel.example', passwordHash: 'x', tenantId: 'papel' },
      new Date(),
    );
    await portal.accounts.confirm('a1', new Date());
    await portal.accounts.createSession(tokenHash(session), 'a1', new Date(Date.now() + 3_600_000));
  });
  afterAll(async () => {
    await portal?.close();
  });

  const cookie = `fe_admin_session=${session}`;
  const get = (url: string) => portal.app.inject({ method: 'GET', url, headers: { cookie } });
  const post = (fields: Record<string, string>) =>
    portal.app.inject({
      method: 'POST',
      url: '/admin/invoices/paper',
      headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(fields).toString(),
    });
  const typed = async () => {
    const page = (await get('/admin/invoices/paper')).body;
    return {
      page,
      fields: {
        csrf: /name="csrf" value="([^"]+)"/.exec(page)![1]!,
        form_id: /name="form_id" value="([^"]+)"/.exec(page)![1]!,
        'paper_document.number': 'TAL-000417',
        'paper_document.issue_date': '2026-12-03',
        'customer.document_type': '31',
        'customer.document_number': '900108281',
        'customer.check_digit': '3',
        'customer.name': 'Comprador de Papel S.A.S.',
        'customer.email': '',
        'lines.0.code': 'P-1',
        'lines.0.name': 'Almuerzo ejecutivo',
        'lines.0.quantity': '2',
        'lines.0.unit_price': '18.500,50',
        'lines.0.tax': '04:8',
        'lines.1.code': '',
        'lines.1.name': '',
        'lines.1.quantity': '',
        'lines.1.unit_price': '',
        'lines.1.tax': 'none',
        'lines.2.code': 'P-2',
        'lines.2.name': 'Bolsa de café',
        'lines.2.quantity': '1',
        'lines.2.unit_price': '30000',
        'lines.2.tax': '01:19',
        'payment.method_code': '10',
        'payment.due_date': '',
      },
    };
  };

  it('is linked from the invoice list and shows the paper, the buyer, three lines and the payment', async () => {
    expect((await get('/admin/invoices')).body).toContain('href="/admin/invoices/paper"');
    const { page } = await typed();
    expect(page).toContain('data-paper-invoice');
    expect(page.match(/data-line="\d"/g)).toEqual(['data-line="0"', 'data-line="1"', 'data-line="2"']);
    expect(page).toMatch(/name="paper_document\.issue_date" type="date" value="\d{4}-\d{2}-\d{2}"/);
    expect(page).toContain('Emitir la factura de contingencia (tipo 03)');
  });

  it("sends the API's request with the tenant's key and the form's key, and opens the issued invoice's page", async () => {
    const { fields } = await typed();
    answers.push({ status: 202, body: { cufe: 'c'.repeat(96), number: 'SETP990000007' } });
    const answer = await post(fields);
    expect([answer.statusCode, answer.headers.location]).toEqual([303, '/admin/invoices/inv-papel-SETP990000007']);
    expect(asked.at(-1)).toEqual({
      apiKey,
      key: `fe-portal-paper:${fields.form_id}`,
      document: {
        paper_document: { number: 'TAL-000417', issue_date: '2026-12-03' },
        customer: {
          document_type: '31',
          document_number: '900108281',
          check_digit: '3',
          name: 'Comprador de Papel S.A.S.',
        },
        lines: [
          {
            code: 'P-1',
            name: 'Almuerzo ejecutivo',
            quantity: '2',
            unit_price: '18500.50',
            taxes: [{ code: '04', name: 'INC', rate: '8' }],
          },
          {
            code: 'P-2',
            name: 'Bolsa de café',
            quantity: '1',
            unit_price: '30000',
            taxes: [{ code: '01', name: 'IVA', rate: '19' }],
          },
        ],
        payment: { method_code: '10' },
      },
    });
  });

  it("shows the API's refusal beside each field at fault, in Spanish, the values kept and a fresh key", async () => {
    const { fields } = await typed();
    answers.push({
      status: 400,
      body: {
        error: {
          code: 'VALIDATION_ERROR',
          message: 'Request body failed validation',
          details: [
            { path: 'paper_document.issue_date', message: 'must not be after today' },
            { path: 'lines.1.taxes.0.rate', message: 'bad rate' },
            { path: 'customer.tax_level_codes', message: 'not a field of the form' },
          ],
        },
      },
    });
    const answer = await post({ ...fields, 'paper_document.issue_date': '2999-01-01' });
    expect(answer.statusCode).toBe(422);
    expect(errorCodeOf(answer.body)).toBe('VALIDATION_ERROR');
    expect(fieldError(answer.body, 'paper_document.issue_date')).toBe(
      'Escriba la fecha de la factura de papel: una fecha real, no posterior a hoy.',
    );
    // the blank row is gone: the API's second line is the page's second line
    expect(fieldError(answer.body, 'lines.1.tax')).toContain('Elija un impuesto de la lista');
    expect(answer.body).toContain('<a href="#f-lines-1-tax">Impuesto (línea 2)</a>');
    expect(answer.body).toContain('value="2999-01-01"');
    expect(answer.body).toContain('value="Bolsa de café"');
    expect(answer.body).not.toContain(`value="${fields.form_id}"`);
  });

  it('says a second click while the first is issued is that, and keeps its key', async () => {
    const { fields } = await typed();
    const error = { code: 'IDEMPOTENCY_IN_PROGRESS' as const, message: 'still running', details: [] };
    answers.push({ status: 409, body: { error } });
    const answer = await post(fields);
    expect([answer.statusCode, errorCodeOf(answer.body)]).toEqual([422, 'IDEMPOTENCY_IN_PROGRESS']);
    expect(answer.body).toContain('Esta factura ya se está emitiendo');
    expect(answer.body).not.toContain('data-field-error');
    expect(answer.body).toContain(`name="form_id" value="${fields.form_id}"`); // sent again, it is the same sale
  });

  it('refuses a form without its token before it reaches the API', async () => {
    const { fields } = await typed();
    const before = asked.length;
    const answer = await post({ ...fields, csrf: 'forged' });
    expect([answer.statusCode, errorCodeOf(answer.body)]).toEqual([403, 'CSRF_INVALID']);
    expect(asked).toHaveLength(before);
  });

  it('shows the untransmitted contingency invoices above every page of the tenant, a missing one included', async () => {
    const transmitBy = new Date(Date.now() + 5 * 3_600_000);
    queue.push(
      { invoiceId: 'inv-papel-SETP1', number: 'SETP1', transmitBy },
      { invoiceId: 'inv-papel-SETP2', number: 'SETP2', transmitBy: new Date(transmitBy.getTime() + 60_000) },
    );
    for (const url of ['/admin/settings', '/admin/invoices', '/admin/invoices/paper', '/admin/nowhere']) {
      const { body } = await get(url);
      expect(body, url).toContain('data-contingency-untransmitted="2"');
      expect(body, url).toContain(`data-transmit-by="${transmitBy.toISOString()}"`);
      expect(body, url).toContain('Hay 2 facturas de contingencia (tipo 04) que la DIAN aún no ha recibido');
    }
    queue.splice(0);
    expect((await get('/admin/settings')).body).not.toContain('data-contingency-untransmitted');
  });

  it("says so without a key, as the API's own refusal", async () => {
    await portal.registry.revokeApiKey('papel');
    const { fields } = await typed();
    const before = asked.length;
    const answer = await post(fields);
    expect([answer.statusCode, errorCodeOf(answer.body)]).toEqual([422, 'UNAUTHORIZED']);
    expect(answer.body).toContain('La empresa no tiene una clave de API vigente');
    expect(asked).toHaveLength(before);
  });
});
