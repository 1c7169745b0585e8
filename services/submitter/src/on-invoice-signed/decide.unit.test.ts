import { describe, it } from 'vitest';
import { accepted, failedAttempt, rejected, requested, signed, submitted } from '../../test-support/invoice-events.ts';
import { DeciderSpecification } from '@fe/platform/testing';
import { newInvoiceEvent } from '@fe/platform';
import { submissionDecider, type Decision } from './decide.ts';
import type { RetryPolicy } from './retry-policy.ts';

const policy: RetryPolicy = { maxAttempts: 3, baseDelayMs: 1_000, maxDelayMs: 60_000, jitter: 0 };
const now = new Date('2026-11-22T15:01:00Z');
const earlier = '2026-11-22T15:00:30Z';
const later = '2026-11-22T15:02:00Z';
const spec = DeciderSpecification.for(submissionDecider);
const redriven = () =>
  newInvoiceEvent(
    'InvoiceRedriveRequested',
    { step: 'submission', requested_by: 'cli:ops', requested_at: later },
    { tenantId: 'demo', invoiceId: 'inv-demo-SETP990000001', correlationId: 'c', causationId: 'c' },
    { now: () => new Date(later) },
  );

describe('decide: what the submitter does next, from the recorded events', () => {
  const table: {
    name: string;
    events: ReturnType<typeof signed>[];
    journal?: { sendingAttempt?: number };
    expected: Decision;
  }[] = [
    { name: 'not signed yet: nothing', events: [requested()], expected: { kind: 'none', why: 'not-signed' } },
    { name: 'freshly signed: first send', events: [requested(), signed()], expected: { kind: 'send', attempt: 1 } },
    {
      name: 'accepted: nothing (redelivery sends nothing)',
      events: [requested(), signed(), submitted(1), accepted()],
      expected: { kind: 'none', why: 'verdict-recorded' },
    },
    {
      name: 'rejected: nothing',
      events: [requested(), signed(), submitted(1), rejected()],
      expected: { kind: 'none', why: 'verdict-recorded' },
    },
    {
      name: 'a verdict wins over a later failure record',
      events: [signed(), submitted(1), accepted(), failedAttempt({ attempt: 2, next_attempt_at: earlier })],
      expected: { kind: 'none', why: 'verdict-recorded' },
    },
    {
      name: 'retriable failure, due: send the next attempt',
      events: [signed(), failedAttempt({ attempt: 1, next_attempt_at: earlier })],
      expected: { kind: 'send', attempt: 2 },
    },
    {
      name: 'retriable failure, not due: wait until next_attempt_at',
      events: [signed(), failedAttempt({ attempt: 1, next_attempt_at: later })],
      expected: { kind: 'wait', until: new Date(later) },
    },
    {
      name: 'outcome unknown (timeout, lost answer), due: reconcile with GetStatus first',
      events: [
        signed(),
        failedAttempt({ attempt: 1, reason: 'TIMEOUT', outcome_unknown: true, next_attempt_at: earlier }),
      ],
      expected: { kind: 'reconcile', attempt: 2 },
    },
    {
      name: 'outcome unknown, not due: wait, never a resend',
      events: [
        signed(),
        failedAttempt({ attempt: 1, reason: 'CONNECTION_RESET', outcome_unknown: true, next_attempt_at: later }),
      ],
      expected: { kind: 'wait', until: new Date(later) },
    },
    {
      name: 'a known failure after an unknown one: only the last counts',
      events: [
        signed(),
        failedAttempt({ attempt: 1, outcome_unknown: true, next_attempt_at: earlier }),
        failedAttempt({ attempt: 2, next_attempt_at: earlier }),
      ],
      expected: { kind: 'send', attempt: 3 },
    },
    {
      name: 'final failure (not retriable): nothing, the invoice stays pending',
      events: [signed(), failedAttempt({ attempt: 1, reason: 'SOAP_FAULT_CLIENT', retriable: false })],
      expected: { kind: 'none', why: 'gave-up' },
    },
    {
      name: 'attempts exhausted and recorded as final: nothing',
      events: [signed(), failedAttempt({ attempt: 3, retriable: false, outcome_unknown: true })],
      expected: { kind: 'none', why: 'gave-up' },
    },
    {
      name: "an operator's re-drive after a final failure: the next attempt",
      events: [signed(), failedAttempt({ attempt: 1, reason: 'SOAP_FAULT_CLIENT', retriable: false }), redriven()],
      expected: { kind: 'send', attempt: 2 },
    },
    {
      name: 'a re-drive after attempts ran out with an unknown outcome: a fresh round, reconciled first',
      events: [signed(), failedAttempt({ attempt: 3, retriable: false, outcome_unknown: true }), redriven()],
      expected: { kind: 'reconcile', attempt: 4 },
    },
    {
      name: 'a re-drive whose attempt failed for good again: nothing until the next re-drive',
      events: [
        signed(),
        failedAttempt({ attempt: 1, retriable: false }),
        redriven(),
        failedAttempt({ attempt: 2, retriable: false }),
      ],
      expected: { kind: 'none', why: 'gave-up' },
    },
    {
      name: 'a retriable failure at the bound (the bound was lowered): give up, keeping the unknown outcome',
      events: [signed(), failedAttempt({ attempt: 3, outcome_unknown: true, next_attempt_at: earlier })],
      expected: { kind: 'give-up', attempt: 3, outcomeUnknown: true },
    },
    {
      name: 'Submitted without a verdict: the outcome is unknown, reconcile',
      events: [signed(), submitted(1)],
      expected: { kind: 'reconcile', attempt: 2 },
    },
    {
      name: 'a send the schedule saw start and nothing recorded (crash mid-call): reconcile that attempt',
      events: [signed()],
      journal: { sendingAttempt: 1 },
      expected: { kind: 'reconcile', attempt: 1 },
    },
    {
      name: 'the same, after an earlier recorded failure',
      events: [signed(), failedAttempt({ attempt: 1, next_attempt_at: earlier })],
      journal: { sendingAttempt: 2 },
      expected: { kind: 'reconcile', attempt: 2 },
    },
    {
      name: 'a stale send marker (its attempt is recorded) is ignored',
      events: [signed(), failedAttempt({ attempt: 1, next_attempt_at: later })],
      journal: { sendingAttempt: 1 },
      expected: { kind: 'wait', until: new Date(later) },
    },
    {
      name: 'a send marker never overrides a verdict',
      events: [signed(), submitted(1), accepted()],
      journal: { sendingAttempt: 2 },
      expected: { kind: 'none', why: 'verdict-recorded' },
    },
    {
      name: 'a retriable failure without next_attempt_at is due at once',
      events: [signed(), failedAttempt({ attempt: 1 })],
      expected: { kind: 'send', attempt: 2 },
    },
  ];

  for (const row of table) {
    it(row.name, () => {
      spec.given(row.events).when({ now, policy, journal: row.journal }).then(row.expected);
    });
  }

  it('is due exactly at next_attempt_at', () => {
    const events = [signed(), failedAttempt({ attempt: 1, next_attempt_at: now.toISOString() })];
    spec.given(events).when({ now, policy }).then({ kind: 'send', attempt: 2 });
    spec
      .given(events)
      .when({ now: new Date(now.getTime() - 1), policy })
      .then({ kind: 'wait', until: now });
  });
});
