import type { InvoiceEvent } from '@fe/contracts';
import { invoiceFixture } from '@fe/invoice-status/testing';
import { newInvoiceEvent, metaCausedBy } from '@fe/platform';
import { DeciderSpecification } from '@fe/platform/testing';
import { describe, expect, it } from 'vitest';
import { notificationDecider } from './decide.ts';

const clock = { now: () => new Date('2026-03-10T15:30:00Z') };
const inv = invoiceFixture();
const given = (events: InvoiceEvent[]) => DeciderSpecification.for(notificationDecider).given(events);
const coded = (code: string) => (e: { code?: string }) => e.code === code;
const accepted = () => [inv.requested(), inv.signed(), inv.submitted(), inv.accepted()];

function round(trigger: InvoiceEvent, ...steps: ('started' | 'temporary' | 'final' | 'sent')[]): InvoiceEvent[] {
  const meta = metaCausedBy(trigger);
  let attempt = 0;
  return steps.map((step) => {
    if (step === 'started')
      return newInvoiceEvent(
        'BuyerNotificationStarted',
        {
          email: 'b@x.example',
          source: 'request',
          message_id: '<m@x>',
          attempt: ++attempt,
          attached_document_id: 'ad1',
        },
        meta,
        clock,
      );
    if (step === 'sent')
      return newInvoiceEvent(
        'BuyerNotified',
        { email: 'b@x.example', message_id: '<m@x>', notified_at: '2026-03-10T10:30:00-05:00' },
        meta,
        clock,
      );
    return newInvoiceEvent(
      'BuyerNotificationFailed',
      {
        email: 'b@x.example',
        message_id: '<m@x>',
        attempt,
        code: 'X',
        reason: 'r',
        final: step === 'final',
        failed_at: '2026-03-10T10:30:00-05:00',
      },
      meta,
      clock,
    );
  });
}

describe('decideNotification', () => {
  it('sends for the PDF of an accepted invoice; nothing for a rejected one', () => {
    const rendered = inv.rendered();
    given([...accepted(), rendered])
      .when(rendered)
      .then((d) => expect(d).toMatchObject({ action: 'send', attempt: 1, address: undefined }));
    const rejectedRendered = inv.rendered();
    given([inv.requested(), inv.signed(), inv.rejected(), rejectedRendered])
      .when(rejectedRendered)
      .then({ action: 'none', reason: 'not_accepted' });
  });

  it("continues the trigger's own round: sent or final → nothing; temporary → next attempt, same address; started alone → reconcile", () => {
    const rendered = inv.rendered();
    const stream = (...steps: Parameters<typeof round> extends [InvoiceEvent, ...infer S] ? S : never) => [
      ...accepted(),
      rendered,
      ...round(rendered, ...steps),
    ];
    given(stream('started', 'sent')).when(rendered).then({ action: 'none', reason: 'notified' });
    given(stream('started', 'final')).when(rendered).then({ action: 'none', reason: 'failed_final' });
    given(stream('started', 'temporary'))
      .when(rendered)
      .then((d) =>
        expect(d).toMatchObject({ action: 'send', attempt: 2, address: { email: 'b@x.example', source: 'request' } }),
      );
    given(stream('started'))
      .when(rendered)
      .then((d) => expect(d).toMatchObject({ action: 'reconcile', started: { data: { attempt: 1 } } }));
  });

  it('a resend request is a round of its own, to the address it names', () => {
    const rendered = inv.rendered();
    const resend = newInvoiceEvent(
      'BuyerNotificationRequested',
      { email: 'otra@x.example', requested_at: '2026-03-10T10:40:00-05:00' },
      metaCausedBy(rendered),
      clock,
    );
    const recorded = [...accepted(), rendered, ...round(rendered, 'started', 'sent'), resend];
    given(recorded)
      .when(resend)
      .then((d) =>
        expect(d).toMatchObject({
          action: 'send',
          attempt: 1,
          address: { email: 'otra@x.example', source: 'resend_request' },
        }),
      );
  });

  it("refuses a stream that does not start with a document's request (REQUEST_NOT_RECORDED)", () => {
    const rendered = inv.rendered();
    given([inv.signed(), inv.requested(), inv.submitted(), inv.accepted(), rendered])
      .when(rendered)
      .thenThrows(coded('REQUEST_NOT_RECORDED'));
  });

  it('refuses a delivered event its stream does not hold (TRIGGER_NOT_RECORDED)', () => {
    given(accepted()).when(inv.rendered()).thenThrows(coded('TRIGGER_NOT_RECORDED'));
  });
});

describe('a contingency invoice (type 04, docs/contingency.md)', () => {
  const contingency = () => {
    const requested = inv.requested();
    return { ...requested, data: { ...requested.data, invoice_type_code: '04' } } as InvoiceEvent;
  };

  it('is mailed when drawn, before DIAN has it, without its answer; then again, with it, once DIAN accepts', () => {
    const requested = contingency();
    const signed = inv.signed();
    const rendered = inv.rendered();
    given([requested, signed, rendered])
      .when(rendered)
      .then((d) => expect(d).toMatchObject({ action: 'send', attempt: 1, facts: { accepted: undefined } }));
    const accepted = inv.accepted();
    const stream = [requested, signed, rendered, ...round(rendered, 'started', 'sent'), inv.submitted(), accepted];
    given(stream)
      .when(accepted)
      .then((d) => expect(d).toMatchObject({ action: 'send', attempt: 1, facts: { accepted } }));
    // A redelivery of the first trigger continues its own round: sent, nothing more.
    given(stream).when(rendered).then({ action: 'none', reason: 'notified' });
  });

  it('is mailed once, with the answer, when DIAN accepted it before it was drawn; an ordinary invoice once too', () => {
    const acceptance = inv.accepted();
    const rendered = inv.rendered();
    const stream = [contingency(), inv.signed(), inv.submitted(), acceptance, rendered];
    given(stream)
      .when(rendered)
      .then((d) => expect(d).toMatchObject({ action: 'send', facts: { accepted: acceptance } }));
    given(stream).when(acceptance).then({ action: 'none', reason: 'mailed_when_rendered' });
    const ordinaryAcceptance = inv.accepted();
    const ordinary = [inv.requested(), inv.signed(), inv.submitted(), ordinaryAcceptance, rendered];
    given(ordinary).when(ordinaryAcceptance).then({ action: 'none', reason: 'mailed_when_rendered' });
  });
});
