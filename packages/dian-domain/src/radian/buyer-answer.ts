import { tacitAcceptanceAvailableFrom } from '../calendar/business-days.ts';
import type { RadianEventCode } from './event-codes.ts';

/** An event RADIAN registered on an invoice, as the seller learns it (GetStatusEvent, or its own 034). */
export type RegisteredEvent = {
  code: RadianEventCode;
  /** The Colombian date the event was issued (its cbc:IssueDate). */
  issueDate: string;
};

/**
 * Where the buyer's answer stands: `accepted` and `tacitly_accepted` make the invoice a título valor; `claimed`
 * ends its road there (a credit note settles it).
 */
export type BuyerAnswer = 'none' | 'received' | 'goods_received' | 'claimed' | 'accepted' | 'tacitly_accepted';

export type BuyerAnswerState = {
  answer: BuyerAnswer;
  /** Nothing the buyer sends can change it any more. */
  final: boolean;
  /** With goods received and no answer: the first Colombian date the seller may send its 034. */
  tacitAcceptanceFrom?: string;
};

const answerOf: Partial<Record<RadianEventCode, BuyerAnswer>> = {
  '030': 'received',
  '032': 'goods_received',
  '031': 'claimed',
  '033': 'accepted',
  '034': 'tacitly_accepted',
};
const rank: Record<BuyerAnswer, number> = {
  none: 0,
  received: 1,
  goods_received: 2,
  claimed: 3,
  accepted: 3,
  tacitly_accepted: 3,
};

/**
 * The buyer's answer from the registered events, whatever order they are listed in: the furthest step wins (RADIAN
 * itself refuses a 033 after a 031 and the reverse, so two final answers never both appear).
 */
export function buyerAnswer(events: readonly RegisteredEvent[]): BuyerAnswerState {
  let answer: BuyerAnswer = 'none';
  let goodsReceivedOn: string | undefined;
  for (const event of events) {
    const step = answerOf[event.code];
    if (step === undefined) continue; // título valor events do not answer for the buyer
    if (step === 'goods_received') goodsReceivedOn = event.issueDate;
    if (rank[step] > rank[answer]) answer = step;
  }
  const final = rank[answer] === 3;
  return {
    answer,
    final,
    ...(answer === 'goods_received' && goodsReceivedOn !== undefined
      ? { tacitAcceptanceFrom: tacitAcceptanceAvailableFrom(goodsReceivedOn) }
      : {}),
  };
}
