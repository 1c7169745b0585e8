import { documentStream, type DocumentState } from '@fe/platform';
import { contingencyPolicy } from './contingency.ts';
import type { RetryPolicy } from './retry-policy.ts';

/**
 * What the submitter does next for one invoice, from its stream's state (pure). Every trigger asks this, so a
 * repeated trigger never repeats work, and an unknown send outcome is reconciled with GetStatus, never resent.
 */
export type Decision =
  | { kind: 'none'; why: 'not-signed' | 'verdict-recorded' | 'gave-up' }
  | { kind: 'wait'; until: Date }
  | { kind: 'give-up'; attempt: number; outcomeUnknown: boolean }
  | { kind: 'reconcile'; attempt: number }
  | { kind: 'send'; attempt: number };

/** What this process's schedule remembers: a send it started and never recorded an outcome for. */
export type SendJournal = { sendingAttempt?: number | undefined };

export function decide(state: DocumentState, now: Date, basePolicy: RetryPolicy, journal: SendJournal = {}): Decision {
  if (state.verdict) return { kind: 'none', why: 'verdict-recorded' };
  if (!state.signed) return { kind: 'none', why: 'not-signed' };
  const { lastAttempt, last, redrivenAfter } = state.submission;
  const policy = policyAfterRedrive(basePolicy, state);

  // A send this process started but never recorded (it stopped mid-call): DIAN may have the document.
  const journaled = journal.sendingAttempt;
  if (journaled !== undefined && journaled > lastAttempt) return { kind: 'reconcile', attempt: journaled };

  if (!last) return { kind: 'send', attempt: 1 };
  // Submitted is recorded with its verdict; alone (an older writer, an async send) its outcome is unknown.
  if (last.kind === 'submitted') return nextOrGiveUp(policy, lastAttempt, true);

  const failure = last.data;
  // An operator's re-drive after the final failure: one more round, reconciled first if DIAN may hold it.
  if (!failure.retriable && redrivenAfter !== undefined && redrivenAfter >= failure.attempt)
    return nextOrGiveUp(policy, lastAttempt, failure.outcome_unknown);
  if (!failure.retriable) return { kind: 'none', why: 'gave-up' };
  if (failure.attempt >= policy.maxAttempts)
    return { kind: 'give-up', attempt: lastAttempt, outcomeUnknown: failure.outcome_unknown };
  const due = failure.next_attempt_at === undefined ? undefined : new Date(failure.next_attempt_at);
  if (due && due.getTime() > now.getTime()) return { kind: 'wait', until: due };
  return nextOrGiveUp(policy, lastAttempt, failure.outcome_unknown);
}

/**
 * After a re-drive the attempts allowed count from the attempt it followed, so the step gets a full round again; a
 * contingency invoice is retried until DIAN takes it (contingency.ts).
 */
export function policyAfterRedrive(policy: RetryPolicy, state: DocumentState): RetryPolicy {
  const after = state.submission.redrivenAfter;
  return contingencyPolicy(after ? { ...policy, maxAttempts: policy.maxAttempts + after } : policy, state);
}

/** What one run of the submitter decides on: the instant, the policy and what the schedule remembers. */
export type SubmissionCheck = { now: Date; policy: RetryPolicy; journal?: SendJournal | undefined };

/** The submitter's decider: a document stream's fold, and decide on its state. */
export const submissionDecider = {
  ...documentStream,
  decide: (check: SubmissionCheck, state: DocumentState): Decision =>
    decide(state, check.now, check.policy, check.journal),
};

function nextOrGiveUp(policy: RetryPolicy, lastAttempt: number, outcomeUnknown: boolean): Decision {
  const attempt = lastAttempt + 1;
  if (attempt > policy.maxAttempts) return { kind: 'give-up', attempt: lastAttempt, outcomeUnknown };
  return outcomeUnknown ? { kind: 'reconcile', attempt } : { kind: 'send', attempt };
}
