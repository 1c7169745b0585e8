import { topics, tenantEventSchemas } from '@fe/contracts';
import type { RecordedEvent } from '../ports/event-store.ts';

const tenantEventTypes: ReadonlySet<string> = new Set(
  Object.values(tenantEventSchemas).map((schema) => schema.shape.type.value),
);

/**
 * The relay's route in every shape: tenant events by tenant, the rest by invoice. Both share the event store, so one
 * relay and one checkpoint serve both topics.
 */
export function routeByEventType(event: RecordedEvent): { topic: string; key: string } {
  if (tenantEventTypes.has(event.envelope.type))
    return { topic: topics.tenantEvents.name, key: event.envelope.tenant_id };
  return { topic: topics.invoiceEvents.name, key: event.envelope.invoice_id ?? event.stream };
}
