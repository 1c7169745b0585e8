import { documentStream, type DocumentRequested, type DocumentState } from '@fe/platform';
import { DeciderSpecification } from '@fe/platform/testing';
import type { InvoiceEvent } from '@fe/contracts';
import { describe, expect, it } from 'vitest';
import { accepted, failedAttempt, requested, signed, submitted } from '../../test-support/invoice-events.ts';
import { holdsBack, previousInvoiceStream } from './contingency.ts';
import { submissionDecider } from './decide.ts';
import type { RetryPolicy } from './retry-policy.ts';

const policy: RetryPolicy = {
  maxAttempts: 3,
  baseDelayMs: 1_000,
  maxDelayMs: 60_000,
  jitter: 0,
  contingencyMaxDelayMs: 5_000,
};
const now = new Date('2026-11-22T15:01:00Z');
const contingency = (): InvoiceEvent => {
  const event = requested() as DocumentRequested & { type: 'InvoiceRequested' };
  return { ...event, data: { ...event.data, invoice_type_code: '04' } };
};
const spec = DeciderSpecification.for(submissionDecider);
const fold = (events: InvoiceEvent[]): DocumentState =>
  events.reduce(documentStream.evolve, documentStream.initialState());

describe('a contingency invoice at the submitter (docs/contingency.md)', () => {
  it('is tried again past the attempts an ordinary invoice gets, never given up', () => {
    const failed = failedAttempt({ attempt: 3, next_attempt_at: '2026-11-22T15:00:30Z' });
    spec
      .given([requested(), signed(), failed])
      .when({ now, policy })
      .then({ kind: 'give-up', attempt: 3, outcomeUnknown: false });
    spec.given([contingency(), signed(), failed]).when({ now, policy }).then({ kind: 'send', attempt: 4 });
  });

  it('waits for the previous number of its prefix while that is a contingency invoice without a verdict', () => {
    const state = fold([contingency(), signed()]);
    const data = (state.requested as { data: { prefix: string; number: string } }).data;
    expect(previousInvoiceStream(state)).toBe(`inv-demo-${data.prefix}${BigInt(data.number) - 1n}`);
    expect(previousInvoiceStream(fold([requested(), signed()]))).toBeUndefined();
    expect(holdsBack(fold([contingency(), signed(), submitted(1)]))).toBe(true);
    expect(holdsBack(fold([contingency(), signed(), submitted(1), accepted()]))).toBe(false);
    expect(holdsBack(fold([requested(), signed()]))).toBe(false);
  });
});
