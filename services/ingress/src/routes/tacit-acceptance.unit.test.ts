import type { RadianEventRegistration } from '@fe/contracts';
import { errorBodySchema, tacitAcceptanceResponseSchema } from '@fe/contracts';
import { createLogger } from '@fe/platform';
import type { TenantDirectory } from '@fe/tenancy';
import { afterAll, describe, expect, it } from 'vitest';
import { ingressConfigFromEnv } from '../config.ts';
import { createHttpApp } from '../http/create-http-app.ts';
import { tacitAcceptanceRoute, type TacitAcceptanceAnswer } from './tacit-acceptance.ts';

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
/** The submitter's answer for each invoice id. */
const answers: Record<string, TacitAcceptanceAnswer> = {
  'inv-issued': { kind: 'issued', registration },
  'inv-already': { kind: 'already', registration },
  'inv-no-goods': { kind: 'refused', refusal: { code: 'GOODS_NOT_RECEIVED' } },
  'inv-early': { kind: 'refused', refusal: { code: 'TOO_EARLY', availableFrom: '2026-12-11' } },
  'inv-claimed': { kind: 'refused', refusal: { code: 'BUYER_ANSWERED', event: '031' } },
  'inv-rejected': { kind: 'rejected', statusCode: '99', rules: [{ rule: 'DC24e', message: 'Fecha no válida' }] },
  'inv-down': { kind: 'unavailable', reason: 'TIMEOUT' },
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
};
const asked: string[] = [];
const app = createHttpApp({
  logger: createLogger({ level: 'silent' }),
  tenants,
  config: ingressConfigFromEnv({}),
  routes: [
    tacitAcceptanceRoute({
      invoices: { findByCufe: async (tenantId, c) => (tenantId === 'demo' ? byCufe[c] : undefined) },
      tacitAcceptances: {
        request: async (invoiceId, tenantId) => {
          asked.push(`${tenantId}/${invoiceId}`);
          return answers[invoiceId]!;
        },
      },
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
    expect(tacitAcceptanceResponseSchema.strict().parse(issued.json())).toEqual({
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
    expect(asked).toContain('demo/inv-issued');
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
});
