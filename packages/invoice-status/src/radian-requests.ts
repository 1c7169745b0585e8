import { randomUUID } from 'node:crypto';
import type { RadianEventRequest } from '@fe/contracts';
import { loadInvoiceStream, newInvoiceEvent, type Clock, type EventStore } from '@fe/platform';
import { evolve } from './evolve.ts';
import type { InvoiceStatusView, RadianRequestEntry } from './invoice-status.ts';

/** Waits for an invoice's view until `until` holds or `timeoutMs` runs out (the ingress's outcomes, or polledViews). */
export type WaitForView = (
  invoiceId: string,
  until: (view: InvoiceStatusView) => boolean,
  timeoutMs: number,
) => Promise<InvoiceStatusView | undefined>;

export type RadianRequestPorts = { store: EventStore; clock: Clock; waitFor: WaitForView };

export type RadianRequestInput = Pick<RadianEventRequest, 'code' | 'requested_by' | 'operation_type' | 'endorsee'> & {
  tenantId: string;
  invoiceId: string;
  correlationId: string;
};

/**
 * The seller asks for a RADIAN event (docs/radian.md, "The seller's requests"): InvoiceRadianEventRequested on the
 * invoice's stream, which the submitter answers; the answer once it is in the invoice's view, or none yet after
 * `waitMs` (the request stands; the status shows its answer later).
 */
export async function requestRadianEvent(
  ports: RadianRequestPorts,
  input: RadianRequestInput,
  waitMs: number,
): Promise<{ requestId: string; entry: RadianRequestEntry | undefined; view: InvoiceStatusView | undefined }> {
  const requestId = randomUUID();
  const { tenantId, invoiceId, correlationId, ...asked } = input;
  const meta = { tenantId, invoiceId, correlationId, causationId: correlationId };
  const data = { request_id: requestId, ...asked, requested_at: ports.clock.now().toISOString() };
  await ports.store.append(
    invoiceId,
    [newInvoiceEvent('InvoiceRadianEventRequested', data, meta, ports.clock)],
    'stream_exists',
  );
  const answered = (view: InvoiceStatusView) => Boolean(radianRequestEntry(view, requestId)?.answer);
  const view = await ports.waitFor(invoiceId, answered, waitMs);
  return { requestId, entry: view && radianRequestEntry(view, requestId), view };
}

export const radianRequestEntry = (view: InvoiceStatusView, requestId: string): RadianRequestEntry | undefined =>
  view.radianRequests?.find((r) => r.requestId === requestId);

/**
 * A WaitForView that reads the invoice's stream every `everyMs`: for a process with the event store and no bus
 * subscription of its own (the distributed portal).
 */
export function polledViews(store: EventStore, everyMs = 200): WaitForView {
  const read = async (invoiceId: string) =>
    (await loadInvoiceStream(store, invoiceId)).events.reduce<InvoiceStatusView | undefined>(evolve, undefined);
  return async (invoiceId, until, timeoutMs) => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const view = await read(invoiceId);
      if ((view && until(view)) || Date.now() >= deadline) return view;
      await new Promise((resolve) => setTimeout(resolve, Math.min(everyMs, Math.max(0, deadline - Date.now()))));
    }
  };
}
