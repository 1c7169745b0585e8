import type { InvoiceRadianEventRequestedV1, RadianEventRequest } from '@fe/contracts';
import { newInvoiceEvent } from '@fe/platform';
import { DeciderSpecification } from '@fe/platform/testing';
import { describe, it } from 'vitest';
import {
  accepted,
  radianRegistered,
  rejected,
  requested,
  signed,
  submitted,
} from '../../test-support/invoice-events.ts';
import { radianRequestDecider } from './decide.ts';

const spec = DeciderSpecification.for(radianRequestDecider);
const clock = { now: () => new Date('2026-12-01T15:00:00Z') };
const meta = { tenantId: 'demo', invoiceId: 'inv-demo-SETP990000001', correlationId: 'r', causationId: 'r' };
const ask = (code: RadianEventRequest['code'], requestId = '7d1c4f40-5a3b-4c4e-9a55-8f0f3c2b1a01') =>
  newInvoiceEvent(
    'InvoiceRadianEventRequested',
    { request_id: requestId, code, requested_by: 'api:demo', requested_at: '2026-12-01T15:00:00Z' },
    meta,
    clock,
  ) as InvoiceRadianEventRequestedV1;
const event = (code: string, more: { issued_by_us?: boolean } = {}) =>
  radianRegistered({
    code: code as '030',
    cude: code.padStart(96, '0'),
    issue_date: '2026-11-25',
    ...more,
  });
const base = [requested(), signed(), submitted(1), accepted(), event('030'), event('032')];

describe("decideRadianRequest: what a seller's request for a RADIAN event calls for", () => {
  it('a 034: the event check, which asks DIAN first', () => {
    spec
      .given(base)
      .when({ event: ask('034') })
      .then({ action: 'tacit' });
  });

  it('an invoice DIAN has not accepted, or rejected: answered not_accepted with no DIAN call', () => {
    spec
      .given([requested(), signed()])
      .when({ event: ask('036') })
      .then({ action: 'answer', outcome: 'not_accepted' });
    spec
      .given([requested(), signed(), submitted(1), rejected()])
      .when({ event: ask('034') })
      .then({ action: 'answer', outcome: 'not_accepted' });
  });

  it('a 036 before the buyer accepted: refused; after 033 or 034: issued once, then already', () => {
    spec
      .given(base)
      .when({ event: ask('036') })
      .then({ action: 'answer', outcome: 'refused', refusal: { code: 'NOT_BUYER_ACCEPTED' } });
    spec
      .given([...base, event('033')])
      .when({ event: ask('036') })
      .then({ action: 'issue' });
    spec
      .given([...base, event('034', { issued_by_us: true }), event('036', { issued_by_us: true })])
      .when({ event: ask('036') })
      .then({ action: 'answer', outcome: 'already', cude: '036'.padStart(96, '0') });
  });

  it('a 037 without a 036: refused; held: issued; endorsed by the seller: already; endorsed by another: not the holder', () => {
    spec
      .given([...base, event('033')])
      .when({ event: ask('037') })
      .then({ action: 'answer', outcome: 'refused', refusal: { code: 'NOT_A_TITLE' } });
    const title = [...base, event('033'), event('036', { issued_by_us: true })];
    spec
      .given(title)
      .when({ event: ask('037') })
      .then({ action: 'issue' });
    spec
      .given([...title, event('037', { issued_by_us: true })])
      .when({ event: ask('037') })
      .then({ action: 'answer', outcome: 'already', cude: '037'.padStart(96, '0') });
    spec
      .given([...title, event('037')])
      .when({ event: ask('037') })
      .then({ action: 'answer', outcome: 'refused', refusal: { code: 'NOT_HOLDER' } });
  });

  it('a request answered before (a redelivery): nothing', () => {
    const request = ask('036');
    const answered = newInvoiceEvent(
      'InvoiceRadianEventAnswered',
      {
        request_id: request.data.request_id,
        code: '036',
        outcome: 'unavailable',
        reason: 'DIAN_CALLS_BUSY',
        answered_at: '2026-12-01T15:00:01Z',
      },
      meta,
      clock,
    );
    spec
      .given([...base, event('033'), request, answered])
      .when({ event: request })
      .then({ action: 'none' });
  });
});
