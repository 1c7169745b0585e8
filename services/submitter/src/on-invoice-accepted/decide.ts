import type { InvoiceAcceptedV1 } from '@fe/contracts';
import { buyerAnswer, nextEventCheck } from '@fe/dian-domain';
import { invoiceStream, type InvoiceState } from '@fe/platform';

export type FollowDecision =
  | { action: 'none'; why: 'not-an-invoice' | 'not-accepted' | 'answer-final' | 'past-horizon' }
  /** Ask DIAN for the invoice's RADIAN events at `firstCheckAt`. */
  | { action: 'follow'; firstCheckAt: Date };

/**
 * Whether DIAN's acceptance of a document starts following its RADIAN events (pure): only an invoice's (a note has
 * none), only while the buyer's answer can still change and the invoice is young enough (nextEventCheck).
 */
export function decideFollow(delivered: { event: InvoiceAcceptedV1; now: Date }, state: InvoiceState): FollowDecision {
  if (state.requested?.type !== 'InvoiceRequested') return { action: 'none', why: 'not-an-invoice' };
  if (!state.accepted) return { action: 'none', why: 'not-accepted' };
  const answer = buyerAnswer(state.radianEvents.map((e) => ({ code: e.data.code, issueDate: e.data.issue_date })));
  if (answer.final) return { action: 'none', why: 'answer-final' };
  const acceptedAt = new Date(state.accepted.data.validated_at);
  const asked = delivered.now.getTime() < acceptedAt.getTime() ? acceptedAt : delivered.now;
  const firstCheckAt = nextEventCheck(acceptedAt, asked, false);
  return firstCheckAt ? { action: 'follow', firstCheckAt } : { action: 'none', why: 'past-horizon' };
}

/** The acceptance's decider: an invoice stream's fold, and decide on its state. */
export const followDecider = { ...invoiceStream, decide: decideFollow };
