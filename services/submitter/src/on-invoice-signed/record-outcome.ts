import type { Envelope, InvoiceEvent } from '@fe/contracts';
import { newInvoiceEvent, type BlobStore, type Clock, type DocumentState, type EventMeta, type Logger, type ReactionStep } from '@fe/platform';
import type { SubmissionSchedule } from '../schedule/submission-schedule.ts';
import type { Draft, Recorded } from './outcomes.ts';

type Deps = { blobs: BlobStore; clock: Clock; logger: Logger; schedule: SubmissionSchedule };

export type OutcomeToRecord = {
  invoiceId: string;
  tenantId: string;
  meta: EventMeta;
  outcome: Recorded;
};

/**
 * What an attempt learned, as the reaction runner records it, in the order that keeps every reader
 * consistent:
 * 1. DIAN's ApplicationResponse to the blob store (the event names its key, so the blob comes first);
 * 2. the events, with the version the decision was made on;
 * 3. the schedule: the next attempt's time for a retriable failure, else the row goes.
 *
 * A crash between 2 and 3 loses nothing: the InvoiceSubmissionFailed reaction re-creates the row
 * when the relay delivers the event, and a leftover row only triggers a run that finds nothing to do.
 *
 * A wrong expected version means another writer recorded something meanwhile (another process
 * after a rebalance, an operator). DIAN's answer is still a fact, so it is appended on top once
 * — unless the stream already holds a verdict, which is final (the runner says lost_race).
 */
export async function outcomeStep(deps: Deps, input: OutcomeToRecord): Promise<ReactionStep<DocumentState>> {
  const { blobs, clock, logger, schedule } = deps;
  const { invoiceId, tenantId, outcome } = input;
  const ar = outcome.answer?.applicationResponseXml;
  const arKey = applicationResponseKeyOf(outcome.events);
  if (ar && arKey) await blobs.put(arKey, ar, 'application/xml');

  return {
    events: outcome.events.map((draft) => envelopeOf(draft, input.meta, clock) as InvoiceEvent),
    onConflict: (reloaded) => (reloaded.verdict ? 'lost_race' : 'append_again'),
    async after() {
      const failure = outcome.events.find((d) => d.type === 'InvoiceSubmissionFailed');
      const next = failure?.data.retriable ? failure.data.next_attempt_at : undefined;
      if (next) await schedule.schedule(invoiceId, tenantId, new Date(next));
      else await schedule.remove(invoiceId);
      logger.info({ recorded: outcome.events.map((d) => d.type), ...(failure ? { reason: failure.data.reason, retriable: failure.data.retriable } : {}), ...(next ? { next_attempt_at: next } : {}) }, 'submission outcome recorded');
    },
  };
}

const envelopeOf = (draft: Draft, meta: EventMeta, clock: Clock): Envelope => {
  switch (draft.type) {
    case 'InvoiceSubmitted': return asEnvelope(newInvoiceEvent('InvoiceSubmitted', draft.data, meta, clock));
    case 'InvoiceAccepted': return asEnvelope(newInvoiceEvent('InvoiceAccepted', draft.data, meta, clock));
    case 'InvoiceRejected': return asEnvelope(newInvoiceEvent('InvoiceRejected', draft.data, meta, clock));
    case 'InvoiceSubmissionFailed': return asEnvelope(newInvoiceEvent('InvoiceSubmissionFailed', draft.data, meta, clock));
  }
};

/**
 * The zod-inferred event types say `invoice_id?: string | undefined`, the Envelope type
 * `invoice_id?: string`; under exactOptionalPropertyTypes they differ only by an absent key.
 */
function asEnvelope(event: InvoiceEvent): Envelope {
  const { invoice_id: invoiceId, ...rest } = event;
  return invoiceId === undefined ? rest : { ...rest, invoice_id: invoiceId };
}

function applicationResponseKeyOf(events: readonly Draft[]): string | undefined {
  for (const d of events) {
    if ((d.type === 'InvoiceAccepted' || d.type === 'InvoiceRejected') && d.data.application_response_key) return d.data.application_response_key;
  }
  return undefined;
}
