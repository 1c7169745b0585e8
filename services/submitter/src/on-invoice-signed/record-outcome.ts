import type { Envelope, InvoiceEvent } from '@fe/contracts';
import {
  newInvoiceEvent,
  type BlobStore,
  type Clock,
  type DocumentState,
  type EventMeta,
  type Logger,
  type ReactionStep,
} from '@fe/platform';
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
 * Records an attempt: the AR blob first (the event names it), the events, then the schedule, so a crash loses
 * nothing. On a version conflict DIAN's answer is still appended once, unless a verdict is already recorded.
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
      logger.info(
        {
          recorded: outcome.events.map((d) => d.type),
          ...(failure ? { reason: failure.data.reason, retriable: failure.data.retriable } : {}),
          ...(next ? { next_attempt_at: next } : {}),
        },
        'submission outcome recorded',
      );
    },
  };
}

const envelopeOf = (draft: Draft, meta: EventMeta, clock: Clock): Envelope => {
  switch (draft.type) {
    case 'InvoiceSubmitted':
      return asEnvelope(newInvoiceEvent('InvoiceSubmitted', draft.data, meta, clock));
    case 'InvoiceAccepted':
      return asEnvelope(newInvoiceEvent('InvoiceAccepted', draft.data, meta, clock));
    case 'InvoiceRejected':
      return asEnvelope(newInvoiceEvent('InvoiceRejected', draft.data, meta, clock));
    case 'InvoiceSubmissionFailed':
      return asEnvelope(newInvoiceEvent('InvoiceSubmissionFailed', draft.data, meta, clock));
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
    if ((d.type === 'InvoiceAccepted' || d.type === 'InvoiceRejected') && d.data.application_response_key)
      return d.data.application_response_key;
  }
  return undefined;
}
