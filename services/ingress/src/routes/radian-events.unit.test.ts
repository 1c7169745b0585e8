import type { RadianEventAnswer, RadianEventRegistration } from '@fe/contracts';
import { errorBodySchema, radianEventPendingResponseSchema, radianEventResponseSchema } from '@fe/contracts';
import { polledViews } from '@fe/invoice-status';
import { invoiceFixture } from '@fe/invoice-status/testing';
import { createLogger, loadInvoiceStream, newInvoiceEvent, SqliteEventStore, systemClock } from '@fe/platform';
import type { TenantDirectory } from '@fe/tenancy';
import { afterAll, describe, expect, it } from 'vitest';
import { ingressConfigFromEnv } from '../config.ts';
import { createHttpApp } from '../http/create-http-app.ts';
import { radianEventRoutes } from './radian-events.ts';

// The route over a real event store; the submitter's part is played here: each request recorded on an invoice's stream
// is answered with that invoice's canned answer (and its registration), as InvoiceRadianEventAnswered.
const tenants = {
  authenticate: async (key: string) => (key === 'k' ? { tenantId: 'demo' } : undefined),
} as unknown as TenantDirectory;
const cufe = (c: string) => c.repeat(96);
const registration: RadianEventRegistration = {
  code: '034',
  name: 'Aceptación Tácita',
  event_id: 'TACSETP1',
  cude: 'e'.repeat(96),
  issue_date: '2026-12-11',
  issue_time: '09:00:00-05:00',
  sender: { nit: '900123456' },
  issued_by_us: true,
};
type Canned = Omit<RadianEventAnswer, 'request_id' | 'code' | 'answered_at'> | 'silent';
/** The submitter's answer for each invoice id. */
const answers: Record<string, Canned> = {
  'inv-issued': { outcome: 'issued', cude: registration.cude },
  'inv-already': { outcome: 'already', cude: registration.cude },
  'inv-no-goods': { outcome: 'refused', refusal: { code: 'GOODS_NOT_RECEIVED' } },
  'inv-early': { outcome: 'refused', refusal: { code: 'TOO_EARLY', available_from: '2026-12-11' } },
  'inv-claimed': { outcome: 'refused', refusal: { code: 'BUYER_ANSWERED', event: '031' } },
  'inv-rejected': { outcome: 'rejected', status_code: '99', rules: [{ rule: 'DC24e', message: 'Fecha no válida' }] },
  'inv-down': { outcome: 'unavailable', reason: 'TIMEOUT' },
  'inv-not-title': { outcome: 'refused', refusal: { code: 'NOT_A_TITLE' } },
  'inv-cash': { outcome: 'issued', cude: registration.cude },
  'inv-slow': 'silent',
};
const byCufe: Record<string, { invoiceId: string; status: 'accepted' | 'pending' }> = {
  [cufe('1')]: { invoiceId: 'inv-issued', status: 'accepted' },
  [cufe('2')]: { invoiceId: 'inv-already', status: 'accepted' },
  [cufe('3')]: { invoiceId: 'inv-no-goods', status: 'accepted' },
  [cufe('4')]: { invoiceId: 'inv-early', status: 'accepted' },
  [cufe('5')]: { invoiceId: 'inv-claimed', status: 'accepted' },
  [cufe('6')]: { invoiceId: 'inv-rejected', status: 'accepted' },
  [cufe('7')]: { invoiceId: 'inv-down', status: 'accepted' },
  [cufe('8')]: { invoiceId: 'inv-pending', status: 'pending' },
  [cufe('a')]: { invoiceId: 'inv-not-title', status: 'accepted' },
  [cufe('b')]: { invoiceId: 'inv-slow', status: 'accepted' },
  [cufe('c')]: { invoiceId: 'inv-cash', status: 'accepted' },
};
const store = new SqliteEventStore(':memory:');
const meta = (invoiceId: string) => ({ tenantId: 'demo', invoiceId, correlationId: 'c', causationId: 'c' });
/** Each named invoice's stream: requested, then the 034 its answers name. */
const streamOf = new Map<string, string>();
let consecutive = 1;
for (const entry of Object.values(byCufe)) {
  // Every invoice is sold on credit (a título valor's), but the cash one.
  const cash = entry.invoiceId === 'inv-cash';
  const invoice = invoiceFixture({ consecutive: consecutive++, ...(cash ? {} : { dueDate: '2026-06-30' }) });
  streamOf.set(invoice.invoiceId, entry.invoiceId);
  entry.invoiceId = invoice.invoiceId;
  await store.append(
    invoice.invoiceId,
    [
      invoice.requested(),
      newInvoiceEvent('InvoiceRadianEventRegistered', registration, meta(invoice.invoiceId), systemClock),
    ],
    'no_stream',
  );
}
const named = (name: string) => Object.values(byCufe).find((e) => streamOf.get(e.invoiceId) === name)!.invoiceId;
const asked: string[] = [];
/** The submitter's part: each unanswered request gets its invoice's canned answer. */
async function answerRequests(invoiceId: string): Promise<void> {
  const { events } = await loadInvoiceStream(store, invoiceId);
  const answered = new Set(events.filter((e) => e.type === 'InvoiceRadianEventAnswered').map((e) => e.data.request_id));
  for (const e of events) {
    if (e.type !== 'InvoiceRadianEventRequested' || answered.has(e.data.request_id)) continue;
    asked.push(`${e.tenant_id}/${streamOf.get(invoiceId)}/${e.data.code}/${e.data.requested_by}`);
    const canned = answers[streamOf.get(invoiceId)!]!;
    if (canned === 'silent') continue;
    const data = { request_id: e.data.request_id, code: e.data.code, ...canned, answered_at: new Date().toISOString() };
    await store.append(
      invoiceId,
      [newInvoiceEvent('InvoiceRadianEventAnswered', data, meta(invoiceId), systemClock)],
      'stream_exists',
    );
  }
}
const polled = polledViews(store, 20);
const app = createHttpApp({
  logger: createLogger({ level: 'silent' }),
  tenants,
  config: ingressConfigFromEnv({}),
  routes: [
    radianEventRoutes({
      store,
      clock: systemClock,
      invoices: { findByCufe: async (tenantId, c) => (tenantId === 'demo' ? byCufe[c] : undefined) },
      waitFor: async (invoiceId, until, timeoutMs) => {
        await answerRequests(invoiceId);
        return polled(invoiceId, until, timeoutMs);
      },
      waitMs: 300,
      retryAfterSeconds: 2,
    }),
  ],
});
afterAll(() => app.close());
const post = (c: string) =>
  app.inject({
    method: 'POST',
    url: `/api/v1/service/invoice/${c}/tacit-acceptance`,
    headers: { authorization: 'Bearer k' },
  });
const refusal = async (c: string) => {
  const answer = await post(c);
  const body = errorBodySchema.parse(answer.json());
  return { status: answer.statusCode, headers: answer.headers, error: body.error };
};

describe('POST /api/v1/service/invoice/<cufe>/tacit-acceptance', () => {
  it('201 with the 034 DIAN registered now; 200 with the one registered before', async () => {
    const issued = await post(cufe('1'));
    expect(issued.statusCode).toBe(201);
    expect(radianEventResponseSchema.strict().parse(issued.json())).toEqual({
      success: true,
      cufe: cufe('1'),
      event: {
        code: '034',
        name: 'Aceptación Tácita',
        event_id: 'TACSETP1',
        cude: 'e'.repeat(96),
        issue_date: '2026-12-11',
        sender_nit: '900123456',
        issued_by_us: true,
      },
      status_url: `/api/v1/service/status/${cufe('1')}`,
    });
    expect((await post(cufe('2'))).statusCode).toBe(200);
    expect(asked).toContain('demo/inv-issued/034/api:demo');
  });

  it('refuses with stable codes and Spanish words: no receipt, too early (with the date), after a claim', async () => {
    expect(await refusal(cufe('3'))).toMatchObject({
      status: 409,
      error: { code: 'TACIT_ACCEPTANCE_GOODS_NOT_RECEIVED', message: expect.stringContaining('evento 032') },
    });
    expect(await refusal(cufe('4'))).toMatchObject({
      status: 409,
      error: {
        code: 'TACIT_ACCEPTANCE_TOO_EARLY',
        message: expect.stringContaining('a partir del 2026-12-11'),
        details: [{ path: 'tacit_acceptance_available_from', message: '2026-12-11' }],
      },
    });
    expect(await refusal(cufe('5'))).toMatchObject({
      status: 409,
      error: {
        code: 'TACIT_ACCEPTANCE_BUYER_ANSWERED',
        message: expect.stringContaining('reclamó la factura'),
        details: [{ path: 'buyer_answer', message: '031' }],
      },
    });
  });

  it("DIAN's refusal is 422 with its rules; DIAN unreachable is 503 with Retry-After", async () => {
    expect(await refusal(cufe('6'))).toMatchObject({
      status: 422,
      error: { code: 'TACIT_ACCEPTANCE_REJECTED', details: [{ message: 'DC24e: Fecha no válida' }] },
    });
    const down = await refusal(cufe('7'));
    expect(down).toMatchObject({ status: 503, error: { code: 'UNAVAILABLE' } });
    expect(down.headers['retry-after']).toBe('2');
  });

  it('an invoice not accepted, unknown, or with a malformed cufe: refused before the submitter is asked', async () => {
    const before = asked.length;
    expect(await refusal(cufe('8'))).toMatchObject({
      status: 409,
      error: { code: 'INVOICE_NOT_ACCEPTED', message: expect.stringContaining('pendiente') },
    });
    expect(await refusal(cufe('9'))).toMatchObject({ status: 404, error: { code: 'INVOICE_NOT_FOUND' } });
    expect(await refusal('abc')).toMatchObject({ status: 400, error: { code: 'VALIDATION_ERROR' } });
    expect(asked.length).toBe(before);
  });

  it('a request the submitter has not answered within the wait: 202 with its request id', async () => {
    const slow = await post(cufe('b'));
    expect(slow.statusCode).toBe(202);
    expect(radianEventPendingResponseSchema.strict().parse(slow.json()).request_id).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('POST …/title-value and …/endorsement', () => {
  const postTo = (c: string, path: string, body: unknown) =>
    app.inject({
      method: 'POST',
      url: `/api/v1/service/invoice/${c}/${path}`,
      headers: { authorization: 'Bearer k', 'content-type': 'application/json' },
      payload: JSON.stringify(body),
    });

  it('records the 036 and 037 with what the body says; a refusal is its own code', async () => {
    expect((await postTo(cufe('1'), 'title-value', {})).statusCode).toBe(201);
    const endorsee = { name: 'Factor S.A.S.', document_type: '31', id: '900555111', dv: 6, person_type: '1' };
    const refused = await postTo(cufe('a'), 'endorsement', { endorsee, operation_type: '372', discount_rate: 2.5 });
    expect(refused.statusCode).toBe(409);
    expect(errorBodySchema.parse(refused.json()).error).toMatchObject({
      code: 'TITLE_VALUE_NOT_REGISTERED',
      message: expect.stringContaining('título valor'),
    });
    const { events: stream } = await loadInvoiceStream(store, named('inv-not-title'));
    // The terms the body left out are the invoice's: its payable amount, its payment means, a complete endorsement.
    expect(stream.find((e) => e.type === 'InvoiceRadianEventRequested')?.data).toMatchObject({
      code: '037',
      operation_type: '372',
      endorsee,
      endorsement_kind: 'complete',
      amount: '100.00',
      discount_rate: '2.5',
      payment_means: '31',
    });
    const { events: issued } = await loadInvoiceStream(store, named('inv-issued'));
    expect(issued.find((e) => e.type === 'InvoiceRadianEventRequested' && e.data.code === '036')?.data).toMatchObject({
      code: '036',
      paid_amount: '0.00',
    });
  });

  it('an invoice sold in cash is no título valor: TITLE_VALUE_CASH_INVOICE, and nothing is recorded', async () => {
    const before = (await store.read(named('inv-cash'))).events.length;
    const cash = await postTo(cufe('c'), 'title-value', {});
    expect(cash.statusCode).toBe(409);
    expect(errorBodySchema.parse(cash.json()).error).toMatchObject({
      code: 'TITLE_VALUE_CASH_INVOICE',
      message: expect.stringContaining('de contado'),
      details: [{ path: 'payment.due_date' }],
    });
    expect((await store.read(named('inv-cash'))).events.length).toBe(before);
  });

  it("terms beyond the invoice's are VALIDATION_ERROR naming each field, and nothing is recorded", async () => {
    const before = (await store.read(named('inv-issued'))).events.length;
    const endorsee = { name: 'Factor S.A.S.', document_type: '31', id: '900555111', dv: 6, person_type: '1' };
    const overPaid = await postTo(cufe('1'), 'title-value', { paid_amount: '100.01' });
    expect(errorBodySchema.parse(overPaid.json()).error).toMatchObject({
      code: 'VALIDATION_ERROR',
      details: [{ path: 'paid_amount' }],
    });
    const over = await postTo(cufe('1'), 'endorsement', {
      endorsee,
      amount: 250,
      discount_rate: '100.5',
      payment_means: 'ZZ9',
    });
    expect(over.statusCode).toBe(400);
    expect(errorBodySchema.parse(over.json()).error.details.map((d) => d.path)).toEqual([
      'amount',
      'discount_rate',
      'payment_means',
    ]);
    const noRate = await postTo(cufe('1'), 'endorsement', { endorsee });
    expect(errorBodySchema.parse(noRate.json()).error.details.map((d) => d.path)).toEqual(['discount_rate']);
    expect((await store.read(named('inv-issued'))).events.length).toBe(before);
  });

  it('a body that is not a request is VALIDATION_ERROR naming the field, and nothing is recorded', async () => {
    const before = (await store.read(named('inv-issued'))).events.length;
    const bad = await postTo(cufe('1'), 'endorsement', { endorsee: { name: 'X', document_type: '31', id: '9' } });
    expect(bad.statusCode).toBe(400);
    expect(errorBodySchema.parse(bad.json()).error.details.map((d) => d.path)).toContain('endorsee.person_type');
    expect((await postTo(cufe('1'), 'title-value', { operation_type: '999' })).statusCode).toBe(400);
    const wrongDv = { name: 'Factor S.A.S.', document_type: '31', id: '900555111', dv: 1, person_type: '1' };
    const nit = await postTo(cufe('1'), 'endorsement', { endorsee: wrongDv, discount_rate: 1 });
    expect(errorBodySchema.parse(nit.json()).error).toMatchObject({
      code: 'NIT_INVALID',
      details: [{ path: 'endorsee.dv', message: 'expected 6' }],
    });
    expect((await store.read(named('inv-issued'))).events.length).toBe(before);
  });
});
