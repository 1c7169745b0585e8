import { randomUUID } from 'node:crypto';
import { currentInvoiceEventVersion, type InvoiceEvent, type InvoiceEventType } from '@fe/contracts';
import type { Clock } from '../ports/clock.ts';
import type { EventStore, RecordedEvent } from '../ports/event-store.ts';
import { parseInvoiceEvent, parseRecordedOf } from './parse-invoice-event.ts';

/**
 * One stream per invoice, named after tenant and number: ingress appends with `no_stream`, so the name is the
 * uniqueness guarantee, and it is the bus key, so every consumer finds the stream from an event.
 */
export function invoiceStreamName(tenantId: string, documentId: string): string {
  return `inv-${tenantId}-${documentId}`;
}

export type EventMeta = { tenantId: string; invoiceId: string; correlationId: string; causationId: string };

/** A new invoice event in the one envelope (docs/api.md, "Events"); time and id are injected. */
export function newInvoiceEvent<T extends InvoiceEventType>(
  type: T,
  data: Extract<InvoiceEvent, { type: T }>['data'],
  meta: EventMeta,
  clock: Clock,
  id: string = randomUUID(),
): Extract<InvoiceEvent, { type: T }> {
  return {
    id,
    type,
    version: currentInvoiceEventVersion[type],
    occurred_at: clock.now().toISOString(),
    tenant_id: meta.tenantId,
    invoice_id: meta.invoiceId,
    correlation_id: meta.correlationId,
    causation_id: meta.causationId,
    data,
  } as Extract<InvoiceEvent, { type: T }>;
}

/** The envelope fields a reaction copies from the event it reacts to. */
export function metaCausedBy(cause: InvoiceEvent): EventMeta {
  return {
    tenantId: cause.tenant_id,
    invoiceId: cause.invoice_id ?? '',
    correlationId: cause.correlation_id,
    causationId: cause.id,
  };
}

export type LoadedInvoice = { version: bigint | 'no_stream'; events: InvoiceEvent[] };

/** Reads an invoice stream and parses every event with the published schemas (a bad one throws). */
export async function loadInvoiceStream(store: EventStore, invoiceId: string): Promise<LoadedInvoice> {
  const { version, events } = await store.read(invoiceId);
  return { version, events: events.map((recorded) => parseRecordedOf(store, recorded)) };
}

export const parseRecorded = (recorded: RecordedEvent): InvoiceEvent => parseInvoiceEvent(recorded.envelope);
