import type { RadianEventRegistration } from '@fe/contracts';
import { buyerAnswer, nextEventCheck, type BuyerAnswerState } from '@fe/dian-domain';
import type { RegisteredEventEntry } from '@fe/dian-xml';
import { invoiceStream, type InvoiceState } from '@fe/platform';
import { registrationOf } from './registrations.ts';
import { tacitAcceptanceId } from '../own-events/own-event-content.ts';

/** The tenant's setting (docs/radian.md, "Tacit acceptance"): issue the 034 on its own, or offer it to the seller. */
type TacitAcceptanceMode = 'automatic' | 'offer';

/** One check of an invoice's RADIAN events: what DIAN listed, when, and what the seller wants. */
export type EventCheck = {
  now: Date;
  /** Today's Colombian date (YYYY-MM-DD): RADIAN's deadlines are counted in days. */
  today: string;
  /** GetStatusEvent's events, oldest first. */
  listed: readonly RegisteredEventEntry[];
  mode: TacitAcceptanceMode;
  /** The seller asked for its 034 now (the API or the portal). */
  requested?: boolean;
};

/** Why the seller's 034 cannot be issued now; the API answers each with its own code (docs/api.md). */
export type TacitRefusal =
  | { code: 'GOODS_NOT_RECEIVED' }
  | { code: 'TOO_EARLY'; availableFrom: string }
  | { code: 'BUYER_ANSWERED'; event: '031' | '033' };

type TacitStep =
  /** Build, sign and send the 034 now. */
  | { kind: 'issue'; id: string }
  /** Registered already (by this service or another): nothing to send. */
  | { kind: 'done' }
  /** Not now: why, and (automatic) nothing more to do until the next check. */
  | { kind: 'not-now'; refusal: TacitRefusal }
  /** Available, and the tenant chose to offer it: the seller decides. */
  | { kind: 'offered'; availableFrom: string };

export type EventCheckDecision =
  | { action: 'none'; why: 'not-an-invoice' | 'not-accepted' }
  | {
      action: 'record';
      /** DIAN's events the stream does not have yet, in DIAN's order. */
      registrations: RadianEventRegistration[];
      /** Entries of DIAN's list that cannot be recorded, and why (logged). */
      skipped: { cude: string | undefined; why: string }[];
      /** The buyer's answer once they are recorded. */
      answer: BuyerAnswerState;
      tacit: TacitStep;
      /** When to ask DIAN again if no 034 is issued now; undefined: following has ended. */
      next: Date | undefined;
    };

/**
 * What one check records and does next (pure; docs/radian.md, "Following an invoice's events"): DIAN's events the
 * stream lacks (by CUDE), the buyer's answer they make, whether the seller's 034 goes now, and when to ask again.
 */
export function decideEventCheck(check: EventCheck, state: InvoiceState): EventCheckDecision {
  if (state.requested?.type !== 'InvoiceRequested') return { action: 'none', why: 'not-an-invoice' };
  if (!state.accepted) return { action: 'none', why: 'not-accepted' };
  const number = state.requested.data.document_id;
  const ownId = tacitAcceptanceId(number);
  const known = new Set(state.radianEvents.map((e) => e.data.cude));
  const registrations: RadianEventRegistration[] = [];
  const skipped: { cude: string | undefined; why: string }[] = [];
  for (const entry of check.listed) {
    const read = registrationOf(entry, number);
    if (!read.ok) skipped.push({ cude: entry.cude, why: read.why });
    else if (!known.has(read.data.cude)) {
      known.add(read.data.cude);
      registrations.push(read.data);
    }
  }
  const all = [...state.radianEvents.map((e) => e.data), ...registrations];
  const answer = buyerAnswer(all.map((e) => ({ code: e.code, issueDate: e.issue_date })));
  const tacit = tacitStep(check, answer, all, ownId, state.automaticTacitRejected);
  return { action: 'record', registrations, skipped, answer, tacit, next: nextCheck(check, state, answer, tacit) };
}

function tacitStep(
  check: EventCheck,
  answer: BuyerAnswerState,
  all: readonly RadianEventRegistration[],
  ownId: string,
  automaticRejected: boolean,
): TacitStep {
  switch (answer.answer) {
    case 'tacitly_accepted':
      return { kind: 'done' };
    case 'claimed':
    case 'accepted': {
      const event = all.some((e) => e.code === '031') ? '031' : '033';
      return { kind: 'not-now', refusal: { code: 'BUYER_ANSWERED', event } };
    }
    case 'none':
    case 'received':
      return { kind: 'not-now', refusal: { code: 'GOODS_NOT_RECEIVED' } };
    case 'goods_received': {
      const from = answer.tacitAcceptanceFrom!;
      if (check.today < from) return { kind: 'not-now', refusal: { code: 'TOO_EARLY', availableFrom: from } };
      // DIAN rejected the automatic 034 (recorded): the same would be rejected again, so the seller decides.
      const automatic = check.mode === 'automatic' && !automaticRejected;
      return check.requested || automatic ? { kind: 'issue', id: ownId } : { kind: 'offered', availableFrom: from };
    }
  }
}

/**
 * The next check: nextEventCheck's cadence from DIAN's acceptance, and, when the 034 is to be issued on its own, no
 * later than the start (Colombian midnight) of the day it becomes possible.
 */
function nextCheck(
  check: EventCheck,
  state: InvoiceState,
  answer: BuyerAnswerState,
  tacit: TacitStep,
): Date | undefined {
  const acceptedAt = new Date(state.accepted!.data.validated_at);
  const next = nextEventCheck(acceptedAt, check.now, answer.final);
  if (check.mode !== 'automatic' || tacit.kind !== 'not-now' || tacit.refusal.code !== 'TOO_EARLY') return next;
  const dayStarts = new Date(`${tacit.refusal.availableFrom}T00:00:00-05:00`);
  if (dayStarts.getTime() <= check.now.getTime()) return next; // "today" is behind the clock's date (a test moved it)
  return next === undefined || dayStarts < next ? dayStarts : next;
}

/** The event check's decider: an invoice stream's fold, and decide on its state. */
export const eventCheckDecider = { ...invoiceStream, decide: decideEventCheck };
