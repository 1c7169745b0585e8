import type { InvoiceRadianEventRequestedV1, RadianEventAnswer } from '@fe/contracts';
import { invoiceStream, type InvoiceState } from '@fe/platform';

/** Why RADIAN's order does not allow a 036 or 037 now (the 034's refusals are the event check's). */
type TitleRefusal = NonNullable<RadianEventAnswer['refusal']>;

export type RadianRequestDecision =
  /** Answered before (a redelivery): nothing to do. */
  | { action: 'none' }
  /** Answered from the stream alone: no DIAN call. */
  | { action: 'answer'; outcome: 'not_accepted' }
  | { action: 'answer'; outcome: 'already'; cude: string }
  | { action: 'answer'; outcome: 'refused'; refusal: TitleRefusal }
  /** The 034: the event check asks DIAN's list first (a claim may have come), then issues it or says why not. */
  | { action: 'tacit' }
  /** Build, sign and send the 036 or 037. */
  | { action: 'issue' };

/**
 * What a seller's request for a RADIAN event calls for (pure; docs/radian.md, "The seller's requests"): a 036 only on
 * an invoice the buyer accepted (033, or 034 tacitly), once; a 037 only on a registered título valor the seller still
 * holds (it has not endorsed it yet).
 */
export function decideRadianRequest(
  delivered: { event: InvoiceRadianEventRequestedV1 },
  state: InvoiceState,
): RadianRequestDecision {
  const request = delivered.event.data;
  if (state.radianAnswers.has(request.request_id)) return { action: 'none' };
  if (state.requested?.type !== 'InvoiceRequested' || !state.accepted)
    return { action: 'answer', outcome: 'not_accepted' };
  if (request.code === '034') return { action: 'tacit' };
  const events = state.radianEvents.map((e) => e.data);
  // A 036 is registered once, whoever sent it; a 037 of the seller's own is its one endorsement.
  const own = events.find((e) => e.code === request.code && (e.issued_by_us || e.code === '036'));
  if (own) return { action: 'answer', outcome: 'already', cude: own.cude };
  if (request.code === '036') {
    if (!events.some((e) => e.code === '033' || e.code === '034'))
      return { action: 'answer', outcome: 'refused', refusal: { code: 'NOT_BUYER_ACCEPTED' } };
    return { action: 'issue' };
  }
  if (!events.some((e) => e.code === '036'))
    return { action: 'answer', outcome: 'refused', refusal: { code: 'NOT_A_TITLE' } };
  // The seller holds its título valor until an endorsement hands it on: a 037 it did not send means someone else does.
  if (events.some((e) => e.code === '037'))
    return { action: 'answer', outcome: 'refused', refusal: { code: 'NOT_HOLDER' } };
  return { action: 'issue' };
}

/** The request's decider: an invoice stream's fold, and decide on its state. */
export const radianRequestDecider = { ...invoiceStream, decide: decideRadianRequest };
