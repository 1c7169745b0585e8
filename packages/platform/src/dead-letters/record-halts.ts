import { topics, topology, type Envelope, type ProcessingStep } from '@fe/contracts';
import type { Clock } from '../ports/clock.ts';
import type { DeadLetterInput, DeadLetterStore } from '../ports/dead-letter-store.ts';
import type { EventStore } from '../ports/event-store.ts';
import { newInvoiceEvent } from '../invoice-stream/invoice-stream.ts';

const stepOfGroup = new Map<string, ProcessingStep>(
  Object.values(topology).flatMap((service) =>
    service.consumerGroup && service.step ? [[service.consumerGroup, service.step] as const] : [],
  ),
);

/**
 * Records InvoiceProcessingHalted on the invoice's stream before keeping a dead letter, so its status says
 * where it is stuck instead of staying "pending".
 */
export function recordingHalts(letters: DeadLetterStore, store: EventStore, clock: Clock): DeadLetterStore {
  return {
    async keep(letter, at) {
      await recordHalt(letter, store, clock);
      await letters.keep(letter, at);
    },
    list: () => letters.list(),
    requestRedrive: (ids, at) => letters.requestRedrive(ids, at),
    requested: () => letters.requested(),
    remove: (id) => letters.remove(id),
  };
}

async function recordHalt(letter: DeadLetterInput, store: EventStore, clock: Clock): Promise<void> {
  const step = stepOfGroup.get(letter.group);
  const failed = letter.message.value;
  if (letter.topic !== topics.invoiceEvents.name || !step || !failed.invoice_id) return;
  const errorCode = codeOf(letter.error);
  const stream = await store.read(failed.invoice_id);
  const last = stream.events.at(-1);
  if (last && isSameHalt(last.envelope, letter.group, failed.id, errorCode)) return;
  const halt = newInvoiceEvent(
    'InvoiceProcessingHalted',
    {
      step,
      consumer_group: letter.group,
      failed_event_id: failed.id,
      failed_event_type: failed.type,
      error_code: errorCode,
      attempts: letter.attempts,
    },
    {
      tenantId: failed.tenant_id,
      invoiceId: failed.invoice_id,
      correlationId: failed.correlation_id,
      causationId: failed.id,
    },
    clock,
  );
  await store.append(failed.invoice_id, [halt], 'any');
}

// Read from the envelope as stored, without the schema: a letter must be kept whatever the stream holds.
function isSameHalt(event: Envelope, group: string, failedEventId: string, errorCode: string): boolean {
  const data = event.data as { consumer_group?: unknown; failed_event_id?: unknown; error_code?: unknown } | undefined;
  return (
    event.type === 'InvoiceProcessingHalted' &&
    data?.consumer_group === group &&
    data.failed_event_id === failedEventId &&
    data.error_code === errorCode
  );
}

/** The stable code of a dead letter's `Name CODE: message` error text (group-consumer.ts writes it). */
export function codeOf(error: string): string {
  return /^\S+ ([A-Z][A-Z0-9_]{2,}):/.exec(error)?.[1] ?? 'UNEXPECTED';
}
