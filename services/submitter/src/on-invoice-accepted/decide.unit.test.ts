import type { InvoiceAcceptedV1 } from '@fe/contracts';
import { DeciderSpecification } from '@fe/platform/testing';
import { describe, it } from 'vitest';
import { accepted, radianRegistered, requested, signed, submitted } from '../../test-support/invoice-events.ts';
import { followDecider } from './decide.ts';

const spec = DeciderSpecification.for(followDecider);
const acceptance = accepted() as InvoiceAcceptedV1; // validated_at 2026-11-22T15:00:03Z
const base = [requested(), signed(), submitted(1), acceptance];

describe('decideFollow: whether an acceptance starts following the invoice at DIAN', () => {
  it('an accepted invoice: the first check a quarter of an hour after the acceptance is delivered', () => {
    spec
      .given(base)
      .when({ event: acceptance, now: new Date('2026-11-22T15:00:04Z') })
      .then({ action: 'follow', firstCheckAt: new Date('2026-11-22T15:15:04Z') });
  });

  it('a stream that is not an invoice (a note, whose first event is not InvoiceRequested): nothing', () => {
    spec
      .given([signed(), submitted(1), acceptance])
      .when({ event: acceptance, now: new Date('2026-11-22T15:00:04Z') })
      .then({ action: 'none', why: 'not-an-invoice' });
  });

  it('a buyer answer already final (a late redelivery): nothing', () => {
    spec
      .given([...base, radianRegistered({ code: '033', cude: '5'.repeat(96), issue_date: '2026-11-25' })])
      .when({ event: acceptance, now: new Date('2026-11-26T15:00:04Z') })
      .then({ action: 'none', why: 'answer-final' });
  });

  it('redelivered after the 90 days of following: nothing', () => {
    spec
      .given(base)
      .when({ event: acceptance, now: new Date('2027-03-01T00:00:00Z') })
      .then({ action: 'none', why: 'past-horizon' });
  });
});
