import type { RadianEventSummary } from '@fe/contracts';
import type { InvoiceStatusView } from '@fe/invoice-status';
import { describe, expect, it } from 'vitest';
import { invoiceDetailBody } from './invoice-pages.ts';

const event = (code: RadianEventSummary['code'], digit: string, over: Partial<RadianEventSummary> = {}) => ({
  code,
  name: `Evento ${code}`,
  event_id: `EV${code}`,
  cude: digit.repeat(96),
  issue_date: '2026-12-04',
  sender_nit: '900108281',
  issued_by_us: false,
  ...over,
});
const view = (radianEvents: RadianEventSummary[], over: Partial<InvoiceStatusView> = {}): InvoiceStatusView => ({
  invoiceId: 'inv-demo-SETP1',
  tenantId: 'demo',
  cufe: 'a'.repeat(96),
  number: 'SETP1',
  prefix: 'SETP',
  consecutive: '1',
  issuedAt: '2026-12-01T10:00:00-05:00',
  status: 'accepted',
  stage: 'accepted',
  createdAt: '2026-12-01T10:00:00-05:00',
  updatedAt: '2026-12-04T10:00:00-05:00',
  history: [],
  lastEventId: 'e1',
  radianEvents,
  ...over,
});
const page = (v: InvoiceStatusView, today?: string) =>
  String(invoiceDetailBody(v, {}, undefined, today ? { csrf: 'tok', today } : undefined));

describe("the invoice page's RADIAN section", () => {
  it('says the buyer answered nothing yet', () => {
    expect(page(view([]))).toContain('data-buyer-answer="none"');
  });

  it('after the receipt (032): when the tacit acceptance becomes possible, and no button before that day', () => {
    const text = page(view([event('030', '1'), event('032', '2')]), '2026-12-10');
    expect(text).toContain('data-buyer-answer="goods_received"');
    expect(text).toContain('data-tacit-acceptance-from="2026-12-11"'); // Dec 8 is a holiday
    expect(text).toContain('será posible desde el');
    expect(text).not.toContain('/tacit-acceptance');
    expect(text).toContain('data-radian-event="032"');
  });

  it('from that day the button issues it; without the port there is no button', () => {
    const ready = view([event('030', '1'), event('032', '2')]);
    expect(page(ready, '2026-12-11')).toContain('action="/admin/invoices/inv-demo-SETP1/tacit-acceptance"');
    expect(page(ready)).not.toContain('/tacit-acceptance');
  });

  it('"Aceptada tácitamente" once the 034 is registered, the seller named as its sender; a claim says so', () => {
    const text = page(
      view([event('030', '1'), event('032', '2'), event('034', '3', { issued_by_us: true })]),
      '2026-12-11',
    );
    expect(text).toContain('Aceptada tácitamente');
    expect(text).toContain('Esta empresa');
    expect(text).not.toContain('/tacit-acceptance');
    expect(page(view([event('030', '1'), event('031', '4', { claim_reason: '02' })]))).toContain(
      'Reclamada por el comprador',
    );
  });

  it("the título valor's forms ask its terms: what was paid (036); the kind, value, rate and payment means (037)", () => {
    const accepted = [event('030', '1'), event('032', '2'), event('033', '3')];
    const register = page(view(accepted), '2026-12-11');
    expect(register).toContain('action="/admin/invoices/inv-demo-SETP1/title-value"');
    expect(register).toContain('name="paid_amount"');
    const endorse = page(view([...accepted, event('036', '4')], { payableAmount: '119000.00' }), '2026-12-11');
    expect(endorse).toContain('action="/admin/invoices/inv-demo-SETP1/endorsement"');
    expect(endorse).toContain('<input name="discount_rate" required');
    expect(endorse).toContain('<option value="blank">En blanco</option>');
    expect(endorse).toContain('placeholder="119000.00"'); // the endorsed value defaults to the payable amount
    expect(endorse).toContain('name="payment_means"');
  });

  it('not shown on a pending invoice', () => {
    expect(page(view([], { status: 'pending', stage: 'signed' }))).not.toContain('RADIAN');
  });
});
