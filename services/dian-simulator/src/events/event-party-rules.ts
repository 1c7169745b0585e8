import type { RuleCode } from '../rules/catalogue.ts';
import type { InvoiceFacts, RegisteredEvent } from '../store/store.ts';
import { DIAN_NIT } from './event-codes.ts';
import type { EventView } from './event-view.ts';

/** The buyer's events: its acknowledgement, claim, receipt and acceptance. */
const BUYER_EVENTS = new Set(['030', '031', '032', '033']);

/**
 * Who holds the invoice as a título valor: its issuer until an endorsement (037) hands it to the endorsee, each
 * endorsement in turn.
 */
function legitimateHolder(invoice: InvoiceFacts, events: readonly RegisteredEvent[]): string {
  let holder = invoice.supplier.nit;
  for (const event of events) if (event.code === '037') holder = event.receiver.nit;
  return holder;
}

/**
 * SIM-EV05: 030–033 only from the invoice's buyer, 034 only from its issuer, 036 and 037 from its legitimate holder.
 * SIM-EV06: the buyer's events go to the invoice's issuer, 034 and 036 to DIAN; an endorsement (037) to anyone.
 */
export function checkEventParties(
  view: EventView,
  invoice: InvoiceFacts,
  events: readonly RegisteredEvent[],
): RuleCode[] {
  const code = view.code ?? '';
  const buyerEvent = BUYER_EVENTS.has(code);
  const sender = buyerEvent
    ? invoice.customer.nit
    : code === '034'
      ? invoice.supplier.nit
      : legitimateHolder(invoice, events);
  const receiver = buyerEvent ? invoice.supplier.nit : code === '037' ? undefined : DIAN_NIT;
  const failures: RuleCode[] = [];
  if (view.sender.id !== sender) failures.push('SIM-EV05');
  if (receiver !== undefined && view.receiver.id !== receiver) failures.push('SIM-EV06');
  return failures;
}
