import type { ReceivedInvoiceEventRegisteredV1 } from '@fe/contracts';
import type { BuyerEventState, ReceivedInvoiceState } from '@fe/received-invoices';

export type MailDecision =
  | { action: 'mail'; to: string; entry: BuyerEventState; arKey: string }
  | { action: 'none'; reason: 'unknown_event' | 'mailed' | 'no_supplier_address' | 'no_dian_answer' };

/**
 * Whether the registered event's AttachedDocument still goes to the supplier (pure): once, to the address its invoice
 * names (AccountingSupplierParty's Contact), and only with DIAN's answer to carry.
 */
export function decideEventMail(
  registered: ReceivedInvoiceEventRegisteredV1,
  state: ReceivedInvoiceState,
): MailDecision {
  const entry = state.events.find((e) => e.registered?.data.cude === registered.data.cude);
  if (!entry) return { action: 'none', reason: 'unknown_event' };
  if (entry.mailed) return { action: 'none', reason: 'mailed' };
  const to = state.imported?.data.supplier.email;
  if (!to) return { action: 'none', reason: 'no_supplier_address' };
  const arKey = registered.data.application_response_key;
  if (!arKey) return { action: 'none', reason: 'no_dian_answer' };
  return { action: 'mail', to, entry, arKey };
}
