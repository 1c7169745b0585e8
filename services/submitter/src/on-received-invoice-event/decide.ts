import type { ReceivedInvoiceEventRequestedV1 } from '@fe/contracts';
import type { BuyerEventState, ReceivedInvoiceState } from '@fe/received-invoices';

export type SendDecision =
  | { action: 'send'; entry: BuyerEventState; imported: NonNullable<ReceivedInvoiceState['imported']> }
  | { action: 'none'; reason: 'unknown_request' | 'answered' | 'not_imported' };

/**
 * Whether the buyer's requested event is still to send (pure): a redelivery after DIAN's answer was recorded sends
 * nothing; the order was checked when it was requested (decideBuyerEvent).
 */
export function decideBuyerEventSend(
  requested: ReceivedInvoiceEventRequestedV1,
  state: ReceivedInvoiceState,
): SendDecision {
  if (!state.imported) return { action: 'none', reason: 'not_imported' };
  const entry = state.events.find((e) => e.requested.id === requested.id);
  if (!entry) return { action: 'none', reason: 'unknown_request' };
  if (entry.registered || entry.refused || entry.halted) return { action: 'none', reason: 'answered' };
  return { action: 'send', entry, imported: state.imported };
}
