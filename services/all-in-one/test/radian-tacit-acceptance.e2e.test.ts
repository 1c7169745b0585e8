/* eslint-disable @typescript-eslint/no-explicit-any -- JSON answers are checked field by field */
// RADIAN end to end on the embedded service (docs/radian.md): the built-in simulator plays the buyer of an issued
// invoice (030, 032), "today" moves three Colombian business days across a holiday, and the seller's tacit
// acceptance (034) is issued on its own ('automatic') or through the API ('offer': refused too early and after an
// express acceptance, with their codes). Every signed 034 passes DIAN's ApplicationResponse XSD.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readEventApplicationResponse, type EventDocument } from '@fe/dian-xml';
import { applicationResponseXsd, xmllintXsd } from '@fe/xades/testing';
import { SqliteAccountStore } from '@fe/portal';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { linkInOutbox } from '../test-support/browser.ts';
import { errorCodeOf, PortalClient } from '../test-support/portal-client.ts';
import { receiptAcrossHoliday } from '../test-support/radian-days.ts';
import { startEmbeddedShape } from '../test-support/shapes/embedded-shape.ts';
import type { Shape } from '../test-support/shapes/shape.ts';
import { exampleRequest, pollStatus } from '../test-support/world.ts';

let shape: Shape;
let scratch: string;
let dataDir: string;
const ACCOUNTANT = 'contabilidad@demo.example';
beforeAll(async () => {
  // Checks every 300 ms instead of nextEventCheck's quarter of an hour, so the test sees them.
  shape = await startEmbeddedShape({
    env: { RADIAN_CHECK_MAX_INTERVAL_MS: '300', RADIAN_SWEEP_INTERVAL_MS: '100' },
    // The demo tenant's portal account; its password is chosen through the reset link.
    async prepare(dir) {
      dataDir = dir;
      const accounts = new SqliteAccountStore(join(dir, 'portal.sqlite'));
      await accounts.createAccount(
        { id: 'acc-demo', email: ACCOUNTANT, passwordHash: '-', tenantId: 'demo' },
        new Date(),
      );
      await accounts.close();
    },
  });
  scratch = mkdtempSync(join(tmpdir(), 'fe-radian-'));
});
afterAll(async () => {
  await shape?.close();
  rmSync(scratch, { recursive: true, force: true });
});

const days = receiptAcrossHoliday();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Sold on credit: only an invoice with a due date may become a título valor (036, 037). */
const onCredit = { ...exampleRequest, payment: { method_code: '31', due_date: '2030-12-31' } };

async function acceptedInvoice(request: object = onCredit): Promise<{ cufe: string; number: string }> {
  const answer = await shape.post(request);
  expect(answer.status, answer.text).toBe(201);
  return { cufe: answer.body.cufe, number: answer.body.number };
}

async function buyerReceivesGoods(cufe: string): Promise<void> {
  await shape.dian.setToday(days.receipt);
  for (const eventCode of ['030', '032'])
    expect(await shape.dian.playBuyer(cufe, { eventCode }), eventCode).toMatchObject({ ok: true, statusCode: '00' });
}

const endorsee = { name: 'Factor Capital S.A.S.', document_type: '31', id: '901234567', dv: 7, person_type: '1' };
const radianPost = (cufe: string, path: string, body: unknown) =>
  fetch(`${shape.url}/api/v1/service/invoice/${cufe}/${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${shape.apiKey}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  }).then(async (response) => ({ status: response.status, body: (await response.json()) as any }));

const tacitAcceptance = (cufe: string) =>
  fetch(`${shape.url}/api/v1/service/invoice/${cufe}/tacit-acceptance`, {
    method: 'POST',
    headers: { authorization: `Bearer ${shape.apiKey}` },
  }).then(async (response) => ({ status: response.status, body: (await response.json()) as any }));

/** A signed event (034, 036, 037) as stored: DIAN's ApplicationResponse XSD (xmllint) takes it; read back. */
async function expectValid034(key: string): Promise<EventDocument> {
  const file = join(scratch, key.replaceAll('/', '_'));
  const xml = await shape.storedFile!(key);
  writeFileSync(file, xml);
  const checked = xmllintXsd(file, applicationResponseXsd);
  expect(checked.ok, checked.output).toBe(true);
  return readEventApplicationResponse(Buffer.from(xml).toString('utf8'));
}

describe('RADIAN: following an issued invoice and its tacit acceptance', () => {
  it("'automatic': the buyer's receipt shows on the status; nothing before the fourth business day (a holiday in between); then the 034 is issued, accepted, and the status says tacitly_accepted", async () => {
    await shape.setTacitAcceptance('demo', 'automatic');
    const invoice = await acceptedInvoice();
    await buyerReceivesGoods(invoice.cufe);
    const received = await pollStatus(shape, invoice.cufe, (body) => body.buyer_answer === 'goods_received');
    expect(received).toMatchObject({
      tacit_acceptance_available_from: days.tacitFrom,
      tacit_acceptance_available: false,
    });
    expect(received.radian_events.map((e: any) => [e.code, e.issue_date, e.issued_by_us])).toEqual([
      ['030', days.receipt, false],
      ['032', days.receipt, false],
    ]);
    expect(received.radian_events[1].person).toEqual({ id: '1000000001', name: 'Recepción Simulada' });

    await shape.dian.setToday(days.lastDayToAnswer); // the holiday is behind; the buyer may still answer today
    await sleep(1_000);
    const waiting = await pollStatus(shape, invoice.cufe, () => true);
    expect(waiting).toMatchObject({ buyer_answer: 'goods_received', tacit_acceptance_available: false });

    await shape.dian.setToday(days.tacitFrom);
    const accepted = await pollStatus(shape, invoice.cufe, (body) => body.buyer_answer === 'tacitly_accepted');
    const own = accepted.radian_events.at(-1);
    expect(own).toMatchObject({ code: '034', event_id: `TAC${invoice.number}`, issued_by_us: true });
    expect(accepted.tacit_acceptance_available_from).toBeUndefined();
    await expectValid034(`demo/${invoice.number}.034.xml`);
    // DIAN's answer is kept beside it, and the history names both files.
    const history = await shape.get(`/api/v1/service/invoices/${invoice.cufe}/events`);
    const registered = history.body.events.filter((e: any) => e.type === 'InvoiceRadianEventRegistered');
    expect(registered.map((e: any) => e.data.code)).toEqual(['030', '032', '034']);
    expect(registered[2].data).toMatchObject({
      application_response_key: `demo/${invoice.number}.034.application-response.xml`,
    });
  });

  it("'offer': the API refuses a 034 too early (with its date) and after an express acceptance; on another invoice it issues it, and a repeat answers the same 034", async () => {
    await shape.setTacitAcceptance('demo', 'offer');
    const first = await acceptedInvoice();
    await buyerReceivesGoods(first.cufe);
    await pollStatus(shape, first.cufe, (body) => body.buyer_answer === 'goods_received');
    const early = await tacitAcceptance(first.cufe);
    expect(early.status).toBe(409);
    expect(early.body.error).toMatchObject({
      code: 'TACIT_ACCEPTANCE_TOO_EARLY',
      details: [{ path: 'tacit_acceptance_available_from', message: days.tacitFrom }],
    });
    expect(early.body.error.message).toContain(days.tacitFrom);
    expect(await shape.dian.playBuyer(first.cufe, { eventCode: '033' })).toMatchObject({ ok: true });
    await shape.dian.setToday(days.tacitFrom);
    const answered = await tacitAcceptance(first.cufe);
    expect(answered.status).toBe(409);
    expect(answered.body.error).toMatchObject({
      code: 'TACIT_ACCEPTANCE_BUYER_ANSWERED',
      details: [{ path: 'buyer_answer', message: '033' }],
    });
    await pollStatus(shape, first.cufe, (body) => body.buyer_answer === 'accepted');

    const second = await acceptedInvoice();
    await buyerReceivesGoods(second.cufe);
    await shape.dian.setToday(days.tacitFrom);
    const offered = await pollStatus(shape, second.cufe, (body) => body.tacit_acceptance_available === true);
    expect(offered.buyer_answer).toBe('goods_received'); // offered, not issued on its own
    const issued = await tacitAcceptance(second.cufe);
    expect(issued.status, JSON.stringify(issued.body)).toBe(201);
    expect(issued.body).toMatchObject({
      success: true,
      cufe: second.cufe,
      event: { code: '034', event_id: `TAC${second.number}`, issued_by_us: true },
      status_url: `/api/v1/service/status/${second.cufe}`,
    });
    const again = await tacitAcceptance(second.cufe);
    expect(again.status).toBe(200);
    expect(again.body.event.cude).toBe(issued.body.event.cude);
    await pollStatus(shape, second.cufe, (body) => body.buyer_answer === 'tacitly_accepted');
    await expectValid034(`demo/${second.number}.034.xml`);

    // The título valor: not on an invoice sold in cash, nor one the buyer has not accepted; registered (036) and
    // endorsed in blank (037) on this one, with the invoice's payable amount and due date, DIAN's rules holding.
    const cash = await acceptedInvoice(exampleRequest);
    const inCash = await radianPost(cash.cufe, 'title-value', {});
    expect([inCash.status, inCash.body.error.code]).toEqual([409, 'TITLE_VALUE_CASH_INVOICE']);
    const notYet = await radianPost(first.cufe, 'endorsement', { endorsee, discount_rate: 3 });
    expect(notYet.body.error.code).toBe('TITLE_VALUE_NOT_REGISTERED');
    const title = await radianPost(second.cufe, 'title-value', { paid_amount: '1000' });
    expect(title.status, JSON.stringify(title.body)).toBe(201);
    expect(title.body.event).toMatchObject({ code: '036', event_id: `TV${second.number}`, issued_by_us: true });
    const overpaid = await radianPost(second.cufe, 'endorsement', { endorsee, discount_rate: 101 });
    expect([overpaid.status, overpaid.body.error.details[0].path]).toEqual([400, 'discount_rate']);
    const terms = { endorsee, operation_type: '372', kind: 'blank', discount_rate: 3, amount: '100000' };
    const endorsed = await radianPost(second.cufe, 'endorsement', terms);
    expect(endorsed.status, JSON.stringify(endorsed.body)).toBe(201);
    expect((await radianPost(second.cufe, 'endorsement', { endorsee, discount_rate: 3 })).status).toBe(200);
    const codes = await pollStatus(shape, second.cufe, (body) => body.radian_events.length === 5);
    expect(codes.radian_events.map((e: any) => e.code)).toEqual(['030', '032', '034', '036', '037']);
    // Registered by the simulator, so ValorFEV-TV is the invoice's PayableAmount (LGC57); the rest after 1000 paid.
    const registered = await expectValid034(`demo/${second.number}.036.xml`);
    expect(registered.invoice.dueDate).toBe('2030-12-31');
    const [value, paid, rest] = registered.titleValueGroups[0]!.pairs.map(([, v]) => Number(v));
    expect(registered.titleValueGroups[0]!.pairs.map(([name]) => name)).toEqual([
      'ValorFEV-TV',
      'ValorPagado',
      'NuevoValorTV',
    ]);
    expect([paid, rest]).toEqual([1000, value! - 1000]);
    const endorsement = await expectValid034(`demo/${second.number}.037.xml`);
    expect(endorsement).toMatchObject({ endorsementKind: '2', invoice: { dueDate: '2030-12-31' } });
    expect(endorsement.titleValueGroups[0]!.pairs).toEqual([
      ['ValorTotalEndoso', '100000.00'],
      ['PrecioPagarseFEV', '97000.00'],
      ['TasaDescuento', '3'],
      ['MedioPago', '31'],
    ]);
  });

  it("the portal's invoice page says the buyer's answer in Spanish and its button issues the offered 034", async () => {
    await shape.setTacitAcceptance('demo', 'offer');
    const invoice = await acceptedInvoice();
    const invoiceId = `inv-demo-${invoice.number}`;
    await buyerReceivesGoods(invoice.cufe);
    await shape.dian.setToday(days.tacitFrom);
    await pollStatus(shape, invoice.cufe, (body) => body.tacit_acceptance_available === true);

    const portal = new PortalClient(shape.url);
    await portal.post('/admin/password', { email: ACCOUNTANT });
    const link = new URL(
      await vi.waitFor(() => linkInOutbox(dataDir, ACCOUNTANT, 'password/new'), { timeout: 10_000 }),
    );
    expect((await portal.choosePassword(link)).status).toBe(303);
    const page = await portal.get(`/admin/invoices/${invoiceId}`);
    expect(page.text).toContain('data-buyer-answer="goods_received"');
    expect(page.text).toContain('Bienes o servicios recibidos por el comprador');
    expect(page.text).toContain('data-radian-person>Recepción Simulada');
    expect(page.text).toContain(`data-tacit-acceptance-from="${days.tacitFrom}"`);
    const forged = await portal.post(`/admin/invoices/${invoiceId}/tacit-acceptance`, {}, { csrf: 'none' });
    expect(errorCodeOf(forged.text)).toBe('CSRF_INVALID');
    const issued = await portal.post(
      `/admin/invoices/${invoiceId}/tacit-acceptance`,
      {},
      { formPage: `/admin/invoices/${invoiceId}` },
    );
    expect(issued.status, issued.text).toBe(303);
    await pollStatus(shape, invoice.cufe, (body) => body.buyer_answer === 'tacitly_accepted');
    const after = await portal.get(`/admin/invoices/${invoiceId}`);
    expect(after.text).toContain('Aceptada tácitamente');
    expect(after.text).not.toContain('/tacit-acceptance"');
    // The título valor's button, then the endorsement's form.
    expect(after.text).toContain('/title-value"');
    const registered = await portal.post(
      `/admin/invoices/${invoiceId}/title-value`,
      { paid_amount: '' },
      { formPage: `/admin/invoices/${invoiceId}` },
    );
    expect(registered.status, registered.text).toBe(303);
    const titled = await portal.get(`/admin/invoices/${invoiceId}`);
    expect(titled.text).toContain('data-title-value="registered"');
    const form = {
      endorsee_name: endorsee.name,
      endorsee_id: endorsee.id,
      endorsee_dv: '7',
      operation_type: '371',
      kind: 'complete',
      amount: '',
      payment_means: '',
    };
    const noRate = await portal.post(`/admin/invoices/${invoiceId}/endorsement`, form, {
      formPage: `/admin/invoices/${invoiceId}`,
    });
    expect(errorCodeOf(noRate.text)).toBe('FORM_INVALID');
    const endorsedPage = await portal.post(
      `/admin/invoices/${invoiceId}/endorsement`,
      { ...form, discount_rate: '2.5' },
      { formPage: `/admin/invoices/${invoiceId}` },
    );
    expect(endorsedPage.status, endorsedPage.text).toBe(303);
    expect((await portal.get(`/admin/invoices/${invoiceId}`)).text).toContain('data-title-value="endorsed"');
    const endorsement = await expectValid034(`demo/${invoice.number}.037.xml`);
    expect(endorsement).toMatchObject({ endorsementKind: '1', receiver: { participations: [expect.any(String)] } });
    expect(endorsement.titleValueGroups[0]!.pairs.map(([name]) => name)).toEqual([
      'ValorTotalEndoso',
      'PrecioPagarseFEV',
      'TasaDescuento',
      'MedioPago',
    ]);
    await expectValid034(`demo/${invoice.number}.034.xml`);
  });
});
