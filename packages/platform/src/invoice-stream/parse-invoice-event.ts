import { invoiceEventSchema, type InvoiceEvent } from '@fe/contracts';
import type { EventStore, RecordedEvent } from '../ports/event-store.ts';

// Every invoice event is parsed many times in the embedded shape, so two exact caches: a recorded event by id
// per store (a store refuses a reused id), a delivered value by object identity (never trusted for a recorded
// event). Callers must not change the events they get: they are shared.

const PER_STORE = 1024; // covers the events of every invoice in flight many times over
const recordedByStore = new WeakMap<EventStore, Map<string, InvoiceEvent>>();
const delivered = new WeakMap<object, InvoiceEvent>();

/** Parses with the published schemas; a bad event throws. */
export const parseInvoiceEvent = (value: unknown): InvoiceEvent => invoiceEventSchema.parse(value);

/** A recorded event of `store`, parsed once per process. */
export function parseRecordedOf(store: EventStore, recorded: RecordedEvent): InvoiceEvent {
  let parsed = recordedByStore.get(store);
  if (!parsed) recordedByStore.set(store, (parsed = new Map()));
  const hit = parsed.get(recorded.envelope.id);
  if (hit) return hit;
  const event = parseInvoiceEvent(recorded.envelope);
  parsed.set(event.id, event);
  if (parsed.size > PER_STORE) parsed.delete(parsed.keys().next().value!);
  return event;
}

/** A message value from the bus, parsed once however many consumer groups receive that object. */
export function parseDelivered(value: unknown): InvoiceEvent {
  if (typeof value !== 'object' || value === null) return parseInvoiceEvent(value);
  const hit = delivered.get(value);
  if (hit) return hit;
  const event = parseInvoiceEvent(value);
  delivered.set(value, event);
  return event;
}
