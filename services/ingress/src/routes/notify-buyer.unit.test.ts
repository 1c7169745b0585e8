import { invoiceFixture } from '@fe/invoice-status/testing';
import { createLogger, loadInvoiceStream, SqliteEventStore } from '@fe/platform';
import type { TenantDirectory } from '@fe/tenancy';
import { afterAll, describe, expect, it } from 'vitest';
import { ingressConfigFromEnv } from '../config.ts';
import { createHttpApp } from '../http/create-http-app.ts';
import { notifyBuyerRoute } from './notify-buyer.ts';

const tenants = {
  authenticate: async (key: string) => (key === 'k' ? { tenantId: 'demo' } : undefined),
} as unknown as TenantDirectory;
const store = new SqliteEventStore(':memory:');
const cufe = (c: string) => c.repeat(96);
const invoice = invoiceFixture({ consecutive: 1 });
const invoices = {
  findByCufe: async (tenantId: string, c: string) =>
    tenantId !== 'demo'
      ? undefined
      : c === cufe('a')
        ? { invoiceId: invoice.invoiceId, status: 'accepted' as const }
        : c === cufe('b')
          ? { invoiceId: 'inv-demo-SETP2', status: 'pending' as const }
          : undefined,
};
const app = createHttpApp({
  logger: createLogger({ level: 'silent' }),
  tenants,
  config: ingressConfigFromEnv({}),
  routes: [notifyBuyerRoute({ store, invoices, clock: { now: () => new Date('2026-03-10T15:00:00Z') } })],
});
afterAll(async () => {
  await app.close();
  await store.close();
});
const post = (c: string, payload?: unknown) =>
  app.inject({
    method: 'POST',
    url: `/api/v1/service/invoice/${c}/notify`,
    headers: { authorization: 'Bearer k', ...(payload === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }),
  });

describe('POST /api/v1/service/invoice/<cufe>/notify', () => {
  it("records BuyerNotificationRequested on the accepted invoice's stream and answers 202", async () => {
    await store.append(invoice.invoiceId, [invoice.requested()], 'no_stream');
    const answer = await post(cufe('a'), { email: 'otra@cliente.example' });
    expect(answer.statusCode).toBe(202);
    expect(answer.json()).toMatchObject({
      success: true,
      cufe: cufe('a'),
      email: 'otra@cliente.example',
      status_url: `/api/v1/service/status/${cufe('a')}`,
    });
    const [, event] = (await loadInvoiceStream(store, invoice.invoiceId)).events;
    expect(event).toMatchObject({
      type: 'BuyerNotificationRequested',
      tenant_id: 'demo',
      data: { email: 'otra@cliente.example' },
    });
  });

  it('409 INVOICE_NOT_ACCEPTED for an invoice DIAN has not accepted; 404 for an unknown cufe; 400 for a bad body or cufe', async () => {
    const pending = await post(cufe('b'));
    expect([pending.statusCode, pending.json().error.code]).toEqual([409, 'INVOICE_NOT_ACCEPTED']);
    expect((await post(cufe('c'))).json().error.code).toBe('INVOICE_NOT_FOUND');
    const bad = await post(cufe('a'), { email: 'x', other: 1 });
    expect([bad.statusCode, bad.json().error.code]).toEqual([400, 'VALIDATION_ERROR']);
    expect((await post('XYZ')).json().error.code).toBe('VALIDATION_ERROR');
  });
});
