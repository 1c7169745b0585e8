import type { InvoiceEvent } from '@fe/contracts';
import { invoiceFixture } from '@fe/invoice-status/testing';
import { newInvoiceEvent, metaCausedBy } from '@fe/platform';
import { describe, expect, it } from 'vitest';
import { decideNotification } from './decide.ts';

const clock = { now: () => new Date('2026-03-10T15:30:00Z') };
const inv = invoiceFixture();
const accepted = () => [inv.requested(), inv.signed(), inv.submitted(), inv.accepted()];

function round(trigger: InvoiceEvent, ...steps: ('started' | 'temporary' | 'final' | 'sent')[]): InvoiceEvent[] {
  const meta = metaCausedBy(trigger);
  let attempt = 0;
  return steps.map((step) => {
    if (step === 'started') return newInvoiceEvent('BuyerNotificationStarted', { email: 'b@x.example', source: 'request', message_id: '<m@x>', attempt: ++attempt, attached_document_id: 'ad1' }, meta, clock);
    if (step === 'sent') return newInvoiceEvent('BuyerNotified', { email: 'b@x.example', message_id: '<m@x>', notified_at: '2026-03-10T10:30:00-05:00' }, meta, clock);
    return newInvoiceEvent('BuyerNotificationFailed', { email: 'b@x.example', message_id: '<m@x>', attempt, code: 'X', reason: 'r', final: step === 'final', failed_at: '2026-03-10T10:30:00-05:00' }, meta, clock);
  });
}

describe('decideNotification', () => {
  it('sends for the PDF of an accepted invoice; nothing for a rejected one', () => {
    const rendered = inv.rendered();
    expect(decideNotification(rendered, [...accepted(), rendered])).toMatchObject({ action: 'send', attempt: 1, address: undefined });
    const rejectedRendered = inv.rendered();
    expect(decideNotification(rejectedRendered, [inv.requested(), inv.signed(), inv.rejected(), rejectedRendered])).toEqual({ action: 'none', reason: 'not_accepted' });
  });

  it('continues the trigger\'s own round: sent or final → nothing; temporary → next attempt, same address; started alone → reconcile', () => {
    const rendered = inv.rendered();
    const stream = (...steps: Parameters<typeof round> extends [InvoiceEvent, ...infer S] ? S : never) => [...accepted(), rendered, ...round(rendered, ...steps)];
    expect(decideNotification(rendered, stream('started', 'sent'))).toEqual({ action: 'none', reason: 'notified' });
    expect(decideNotification(rendered, stream('started', 'final'))).toEqual({ action: 'none', reason: 'failed_final' });
    expect(decideNotification(rendered, stream('started', 'temporary'))).toMatchObject({ action: 'send', attempt: 2, address: { email: 'b@x.example', source: 'request' } });
    expect(decideNotification(rendered, stream('started'))).toMatchObject({ action: 'reconcile', started: { data: { attempt: 1 } } });
  });

  it('a resend request is a round of its own, to the address it names', () => {
    const rendered = inv.rendered();
    const resend = newInvoiceEvent('BuyerNotificationRequested', { email: 'otra@x.example', requested_at: '2026-03-10T10:40:00-05:00' }, metaCausedBy(rendered), clock);
    const recorded = [...accepted(), rendered, ...round(rendered, 'started', 'sent'), resend];
    expect(decideNotification(resend, recorded)).toMatchObject({ action: 'send', attempt: 1, address: { email: 'otra@x.example', source: 'resend_request' } });
  });

  it('refuses a stream that does not start with a document\'s request (REQUEST_NOT_RECORDED)', () => {
    const rendered = inv.rendered();
    expect(() => decideNotification(rendered, [inv.signed(), inv.requested(), inv.submitted(), inv.accepted(), rendered])).toThrow(expect.objectContaining({ code: 'REQUEST_NOT_RECORDED' }));
  });

  it('refuses a delivered event its stream does not hold (TRIGGER_NOT_RECORDED)', () => {
    expect(() => decideNotification(inv.rendered(), accepted())).toThrow(expect.objectContaining({ code: 'TRIGGER_NOT_RECORDED' }));
  });
});
