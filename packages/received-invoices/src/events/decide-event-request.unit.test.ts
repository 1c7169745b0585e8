import { DeciderSpecification } from '@fe/platform/testing';
import { describe, it } from 'vitest';
import { halted, imported, refused, registered, requested } from '../../test-support/received-invoice-events.ts';
import { initialReceivedInvoiceState, evolveReceivedInvoice } from '../stream/received-invoice-state.ts';
import { decideBuyerEvent, type BuyerEventRequest } from './decide-event-request.ts';

const spec = DeciderSpecification.for({
  initialState: initialReceivedInvoiceState,
  evolve: evolveReceivedInvoice,
  decide: decideBuyerEvent,
});
const person = { id: '1020304050', document_type: '13', first_name: 'Ana', family_name: 'Pérez' };
const ask = (code: BuyerEventRequest['code']): BuyerEventRequest =>
  code === '031' ? { code, claim: { reason: '02' }, from: 'api' } : { code, person, from: 'api' };
const refusal = (code: string, missing?: string) => (decision: ReturnType<typeof decideBuyerEvent>) => {
  if (decision.action !== 'refuse') throw new Error(`expected ${code}, got a request`);
  if (decision.code !== code || decision.missing !== missing)
    throw new Error(`expected ${code} ${missing ?? ''}, got ${decision.code} ${decision.missing ?? ''}`);
};

describe("decideBuyerEvent: the order of the buyer's events, before anything is signed", () => {
  it('030 on a checked invoice: requested, numbered from its CUFE', () => {
    spec
      .given([imported()])
      .when(ask('030'))
      .then({
        action: 'request',
        data: { code: '030', event_id: `R${'C'.repeat(24)}`, person, requested_from: 'api' },
      });
  });

  it('no invoice: RECEIVED_INVOICE_NOT_FOUND; one that failed its checks: RECEIVED_INVOICE_CHECKS_FAILED', () => {
    spec.given([]).when(ask('030')).then(refusal('RECEIVED_INVOICE_NOT_FOUND'));
    spec
      .given([imported(false)])
      .when(ask('030'))
      .then(refusal('RECEIVED_INVOICE_CHECKS_FAILED'));
  });

  it('032 before 030, and 031 or 033 before 030: out of order, naming 030', () => {
    spec.given([imported()]).when(ask('032')).then(refusal('BUYER_EVENT_OUT_OF_ORDER', '030'));
    spec.given([imported()]).when(ask('031')).then(refusal('BUYER_EVENT_OUT_OF_ORDER', '030'));
    spec.given([imported()]).when(ask('033')).then(refusal('BUYER_EVENT_OUT_OF_ORDER', '030'));
  });

  it('031 or 033 after 030 alone: out of order, naming 032', () => {
    const given = [imported(), requested('030'), registered('030')];
    spec.given(given).when(ask('031')).then(refusal('BUYER_EVENT_OUT_OF_ORDER', '032'));
    spec.given(given).when(ask('033')).then(refusal('BUYER_EVENT_OUT_OF_ORDER', '032'));
  });

  it('an event awaiting DIAN: the next one waits (BUYER_EVENT_PENDING)', () => {
    spec
      .given([imported(), requested('030')])
      .when(ask('032'))
      .then(refusal('BUYER_EVENT_PENDING', '030'));
  });

  it('a registered event again: BUYER_EVENT_REPEATED; 033 after 031 and 031 after 033 too', () => {
    const goods = [imported(), requested('030'), registered('030'), requested('032'), registered('032')];
    spec.given(goods).when(ask('030')).then(refusal('BUYER_EVENT_REPEATED', '030'));
    spec
      .given([...goods, requested('031'), registered('031')])
      .when(ask('033'))
      .then(refusal('BUYER_EVENT_REPEATED', '031'));
    spec
      .given([...goods, requested('033'), registered('033')])
      .when(ask('031'))
      .then(refusal('BUYER_EVENT_REPEATED', '033'));
  });

  it('an event DIAN refused, or one the service gave up sending, may be asked again', () => {
    const again = (decision: ReturnType<typeof decideBuyerEvent>) => {
      if (decision.action !== 'request') throw new Error('expected a request');
    };
    spec
      .given([imported(), requested('030'), refused('030')])
      .when(ask('030'))
      .then(again);
    const stuck = requested('030');
    spec
      .given([imported(), stuck, halted(stuck)])
      .when(ask('030'))
      .then(again);
  });

  it('after 030 and 032: 031 with its reason, or 033', () => {
    const goods = [imported(), requested('030'), registered('030'), requested('032'), registered('032')];
    spec
      .given(goods)
      .when(ask('031'))
      .then({
        action: 'request',
        data: { code: '031', event_id: `R${'C'.repeat(24)}`, claim: { reason: '02' }, requested_from: 'api' },
      });
  });
});
