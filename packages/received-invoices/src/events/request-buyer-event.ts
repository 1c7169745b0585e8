import { receivedInvoiceStream } from '@fe/contracts';
import { newInvoiceEvent, runReaction, type Clock, type EventStore } from '@fe/platform';
import { receivedInvoiceFold } from '../stream/received-invoice-state.ts';
import { decideBuyerEvent, type BuyerEventDecision, type BuyerEventRequest } from './decide-event-request.ts';

export type BuyerEventOutcome =
  | { kind: 'requested'; eventId: string }
  | { kind: 'refused'; refusal: Extract<BuyerEventDecision, { action: 'refuse' }> };

/**
 * The API's and the portal's one way to ask for a buyer's event: the order checked on the stream (decideBuyerEvent),
 * then ReceivedInvoiceEventRequested appended at the version decided on, for the submitter to sign and send. Two
 * requests at once: the second finds the first pending.
 */
export async function requestBuyerEvent(
  ports: { store: EventStore; clock: Clock },
  target: { tenantId: string; cufe: string; correlationId: string },
  request: BuyerEventRequest,
): Promise<BuyerEventOutcome> {
  const stream = receivedInvoiceStream(target.tenantId, target.cufe);
  let decided: BuyerEventDecision | undefined;
  const run = await runReaction({
    store: ports.store,
    stream,
    fold: receivedInvoiceFold,
    decide: (state) => (decided = decideBuyerEvent(request, state)),
    isNone: (decision) => decision.action === 'refuse',
    act: async (decision) => {
      if (decision.action !== 'request') return undefined;
      const meta = {
        tenantId: target.tenantId,
        invoiceId: stream,
        correlationId: target.correlationId,
        causationId: target.correlationId,
      };
      return {
        events: [newInvoiceEvent('ReceivedInvoiceEventRequested', decision.data, meta, ports.clock)],
        // Another writer meanwhile (the previous event's mail, DIAN's answer): decided again on what it left, so a
        // request still in order is recorded rather than failed.
        onConflict: (state) =>
          (decided = decideBuyerEvent(request, state)).action === 'request' ? 'append_again' : 'lost_race',
      };
    },
  });
  if (run.outcome === 'skipped' || run.outcome === 'lost_race') {
    if (decided?.action === 'refuse') return { kind: 'refused', refusal: decided };
    throw new Error('unreachable: a request is either appended or refused');
  }
  const requested = run.events[0]!;
  const data = requested.data as { event_id: string };
  return { kind: 'requested', eventId: data.event_id };
}
