import { randomUUID } from 'node:crypto';
import { requestRadianEvent, type WaitForView } from '@fe/invoice-status';
import type { Clock, EventStore } from '@fe/platform';
import type { PortalRadianEvents } from '../ports/radian-events.ts';

/**
 * The invoice page's RADIAN buttons through the event store: the request recorded on the invoice's stream, its answer
 * awaited `waitMs` (the embedded projection's waiters, or polledViews in a process of its own).
 */
export function radianEventsThrough(ports: {
  store: EventStore;
  clock: Clock;
  waitFor: WaitForView;
  today: () => string;
  waitMs: number;
}): PortalRadianEvents {
  return {
    today: ports.today,
    async request(invoiceId, tenantId, ask, requestedBy) {
      const input = { tenantId, invoiceId, correlationId: randomUUID(), requested_by: requestedBy, ...ask };
      const asked = await requestRadianEvent(ports, input, ports.waitMs);
      return asked.invalid ? { invalid: asked.invalid.code } : { answer: asked.entry?.answer };
    },
  };
}
