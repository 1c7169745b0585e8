import type {
  InvoiceAcceptedV1,
  InvoiceRejectedV1,
  InvoiceSubmissionFailedV1,
  InvoiceSubmittedV1,
} from '@fe/contracts';
import type { DianFileNames, DianResponse } from '@fe/dian-client';
import type { AnswerTrust } from './answer-trust.ts';
import { applicationResponseInstant } from './application-response.ts';
import { serviceFailure, type AttemptFailure } from './failure-reasons.ts';
import { mayRetry, retryDelayMs, type RetryPolicy } from './retry-policy.ts';

/**
 * DIAN's answers translated into the events the submitter records (pure; docs/architecture.md
 * convention 3: a rejection is an event with DIAN's rules, a transport failure carries
 * `retriable`). The handler wraps the drafts in envelopes.
 *
 *   outcomeOfSend(answer, ctx)   // 00 → Submitted + Accepted; 99 → Submitted + Rejected; rule 90 → reconcile
 *   outcomeOfStatus(answer, ctx) // found → its verdict; 66/90 → send
 */
export type Draft =
  | { type: 'InvoiceSubmitted'; data: InvoiceSubmittedV1['data'] }
  | { type: 'InvoiceAccepted'; data: InvoiceAcceptedV1['data'] }
  | { type: 'InvoiceRejected'; data: InvoiceRejectedV1['data'] }
  | { type: 'InvoiceSubmissionFailed'; data: InvoiceSubmissionFailedV1['data'] };

export type AnswerContext = {
  /**
   * The attempt recording the outcome. After a reconciliation that is the reconciling attempt, not
   * the earlier one whose send DIAN processed: the events cannot tell which send of a chain of
   * unknown outcomes got through, and InvoiceSubmitted states when the submission became known.
   */
  attempt: number;
  /** The document's CUFE: what GetStatus is asked for and every event names as track id. */
  trackId: string;
  /** The endpoint called, without credentials. */
  endpoint: string;
  /** The zip's and the XML's names the document was sent under, recorded with InvoiceSubmitted. */
  files?: DianFileNames | undefined;
  /**
   * How the document was sent: SendTestSetAsync during the tenant's habilitación test-set run; default SendBillSync.
   */
  operation?: 'SendBillSync' | 'SendTestSetAsync';
  now: Date;
  /** Where the answer's ApplicationResponse is stored, when it carries one (the handler stores it first). */
  applicationResponseKey: string | undefined;
  policy: RetryPolicy;
  /** ∈ [0, 1): the jitter draw, an argument so this stays pure. */
  random: number;
  /** Whether an ApplicationResponse is DIAN's (answer-trust.ts); absent: answers are taken as they come. */
  answerTrust?: AnswerTrust | undefined;
};

/** Events to record, and the answer whose ApplicationResponse they point to (stored first). */
export type Recorded = { kind: 'record'; events: Draft[]; answer?: DianResponse };
export type SendOutcome = Recorded | { kind: 'reconcile' };
export type StatusOutcome = Recorded | { kind: 'send' };

type Verdict = 'accepted' | 'rejected' | 'not-found' | 'unexpected';

/** 00 (DIAN sometimes writes 0) is an acceptance unless IsValid says otherwise. */
function verdictOf(answer: DianResponse, read: boolean): Verdict {
  const code = answer.statusCode;
  if ((code === '00' || code === '0') && answer.isValid !== false) return 'accepted';
  if (code === undefined && answer.isValid === true) return 'accepted';
  // GetStatus: 66 "NSU no encontrado" (the simulator's answer too), 90 "TrackId no encontrado" (annex §6.3).
  if (read && (code === '66' || code === '90')) return 'not-found';
  if (code === '99' || answer.isValid === false) return 'rejected';
  return 'unexpected';
}

const hasRule90 = (answer: DianResponse) => answer.errorMessages.some((m) => m.rule === '90');

/** The answer to SendBillSync. Rule 90 ("documento procesado anteriormente") means DIAN has it: reconcile. */
export function outcomeOfSend(answer: DianResponse, ctx: AnswerContext): SendOutcome {
  const verdict = verdictOf(answer, false);
  if (verdict === 'rejected' && hasRule90(answer)) return { kind: 'reconcile' };
  if (verdict === 'accepted' || verdict === 'rejected') return recordVerdict(verdict, answer, ctx);
  return unexpected(answer, ctx);
}

/**
 * The answer to GetStatus(CUFE) while reconciling. `duplicate`: the send that led here was answered
 * with rule 90; if DIAN then has no record to adopt, that refusal is the verdict (the document cannot
 * be sent as it is, e.g. its number was used by someone else on the shared habilitación range).
 */
export function outcomeOfStatus(answer: DianResponse, ctx: AnswerContext, duplicate?: DianResponse): StatusOutcome {
  const verdict = verdictOf(answer, true);
  if (verdict === 'accepted' || verdict === 'rejected') return recordVerdict(verdict, answer, ctx);
  if (verdict === 'not-found') return duplicate ? recordVerdict('rejected', duplicate, ctx) : { kind: 'send' };
  return unexpected(answer, ctx);
}

/**
 * The verdict, unless the answer carries an ApplicationResponse that is not DIAN's: then nothing of
 * it is recorded but a retriable failure whose outcome is unknown, so the next attempt asks GetStatus
 * (DIAN may hold the document) and an operator sees APPLICATION_RESPONSE_UNTRUSTED on the invoice.
 */
function recordVerdict(verdict: 'accepted' | 'rejected', answer: DianResponse, ctx: AnswerContext): Recorded {
  const untrusted =
    answer.applicationResponseXml === undefined ? undefined : ctx.answerTrust?.(answer.applicationResponseXml);
  if (untrusted)
    return {
      kind: 'record',
      events: [
        failed(serviceFailure('APPLICATION_RESPONSE_UNTRUSTED', { outcomeUnknown: true, detail: untrusted }), ctx),
      ],
    };
  return { kind: 'record', events: [submitted(ctx), verdictEvent(verdict, answer, ctx)], answer };
}

/** A status nobody documents (an async "in process", a new code): DIAN may hold the document, so reconcile later. */
const unexpected = (answer: DianResponse, ctx: AnswerContext): Recorded => ({
  kind: 'record',
  events: [
    failed(
      serviceFailure('UNEXPECTED_STATUS', {
        outcomeUnknown: true,
        detail: `StatusCode ${answer.statusCode ?? 'absent'}`,
      }),
      ctx,
    ),
  ],
});

export type FailedDraft = Extract<Draft, { type: 'InvoiceSubmissionFailed' }>;

/** A failed attempt. It retries unless the failure is final or this was the last attempt allowed. */
export function failed(
  failure: AttemptFailure,
  ctx: Pick<AnswerContext, 'attempt' | 'now' | 'policy' | 'random'>,
): FailedDraft {
  const retry = mayRetry(ctx.policy, ctx.attempt, failure.retriable);
  const exhausted = failure.retriable && !retry;
  return {
    type: 'InvoiceSubmissionFailed',
    data: {
      attempt: ctx.attempt,
      retriable: retry,
      reason: failure.reason,
      message: exhausted
        ? `${failure.message}; no further attempts (${ctx.attempt} of ${ctx.policy.maxAttempts})`
        : failure.message,
      outcome_unknown: failure.outcomeUnknown,
      ...(retry
        ? {
            next_attempt_at: new Date(
              ctx.now.getTime() + retryDelayMs(ctx.policy, ctx.attempt, ctx.random),
            ).toISOString(),
          }
        : {}),
    },
  };
}

const submitted = (ctx: AnswerContext): Draft => ({
  type: 'InvoiceSubmitted',
  data: {
    attempt: ctx.attempt,
    operation: ctx.operation ?? 'SendBillSync',
    track_id: ctx.trackId,
    endpoint: ctx.endpoint,
    ...(ctx.files ? { file_name: ctx.files.zip, xml_file_name: ctx.files.xml } : {}),
  },
});

/** DIAN's rule strings as `{ rule, message }`; a string naming no rule keeps an empty rule. */
const rules = (answer: DianResponse) => answer.errorMessages.map((m) => ({ rule: m.rule ?? '', message: m.message }));

function verdictEvent(verdict: 'accepted' | 'rejected', answer: DianResponse, ctx: AnswerContext): Draft {
  const at = applicationResponseInstant(answer.applicationResponseXml) ?? ctx.now.toISOString();
  const common = {
    track_id: ctx.trackId,
    status_code: answer.statusCode ?? '',
    status_description: answer.statusDescription ?? '',
    status_message: answer.statusMessage ?? '',
    ...(ctx.applicationResponseKey && answer.applicationResponseXml
      ? { application_response_key: ctx.applicationResponseKey }
      : {}),
  };
  if (verdict === 'accepted')
    return { type: 'InvoiceAccepted', data: { ...common, notifications: rules(answer), validated_at: at } };
  const errors = rules(answer);
  // The contract asks for at least one rule; a bare 99 is reported by its own status.
  const atLeastOne =
    errors.length > 0
      ? errors
      : [{ rule: answer.statusCode ?? '', message: answer.statusDescription ?? 'DIAN rejected the document' }];
  return { type: 'InvoiceRejected', data: { ...common, errors: atLeastOne, rejected_at: at } };
}
