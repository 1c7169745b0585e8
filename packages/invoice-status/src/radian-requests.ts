import { randomUUID } from 'node:crypto';
import type { RadianEventRequest } from '@fe/contracts';
import { titleValueTerms, type DomainError, type TitleValueAsk, type TitleValueTerms } from '@fe/dian-domain';
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

/** What the seller asks: the event, and for a 036 or 037 its título-valor terms as given (absent: the defaults). */
export type RadianAsk = Pick<RadianEventRequest, 'code' | 'operation_type' | 'endorsee'> & Omit<TitleValueAsk, 'code'>;

export type RadianRequestInput = RadianAsk &
  Pick<RadianEventRequest, 'requested_by'> & {
    tenantId: string;
    invoiceId: string;
    correlationId: string;
  };

export type RadianRequestResult =
  /** The terms cannot make the event (titleValueTerms's code and fields): nothing recorded. */
  | { invalid: DomainError }
  | {
      invalid?: undefined;
      requestId: string;
      entry: RadianRequestEntry | undefined;
      view: InvoiceStatusView | undefined;
    };

/**
 * The seller asks for a RADIAN event (docs/radian.md, "The seller's requests"): a 036's or 037's terms checked against
 * the invoice and filled with its defaults, then InvoiceRadianEventRequested on the invoice's stream, which the
 * submitter answers; the answer once it is in the invoice's view, or none yet after `waitMs` (the request stands; the
 * status shows its answer later).
 */
export async function requestRadianEvent(
  ports: RadianRequestPorts,
  input: RadianRequestInput,
  waitMs: number,
): Promise<RadianRequestResult> {
  const requestId = randomUUID();
  const { tenantId, invoiceId, correlationId, code, operation_type, endorsee, requested_by } = input;
  let terms: TitleValueTerms | undefined;
  if (code !== '034') {
    const checked = titleValueTerms({ ...input, code }, await invoiceTerms(ports.store, invoiceId));
    if (!checked.ok) return { invalid: checked.error };
    terms = checked.value;
  }
  const meta = { tenantId, invoiceId, correlationId, causationId: correlationId };
  const data = {
    request_id: requestId,
    code,
    requested_by,
    ...(operation_type ? { operation_type } : {}),
    ...(endorsee ? { endorsee } : {}),
    ...terms,
    requested_at: ports.clock.now().toISOString(),
  };
  await ports.store.append(
    invoiceId,
    [newInvoiceEvent('InvoiceRadianEventRequested', data, meta, ports.clock)],
    'stream_exists',
  );
  const answered = (view: InvoiceStatusView) => Boolean(radianRequestEntry(view, requestId)?.answer);
  const view = await ports.waitFor(invoiceId, answered, waitMs);
  return { requestId, entry: view && radianRequestEntry(view, requestId), view };
}

/** The invoice's own terms: its payable amount, due date (credit only) and payment means, from its request. */
async function invoiceTerms(store: EventStore, invoiceId: string) {
  const first = (await loadInvoiceStream(store, invoiceId)).events.find((e) => e.type === 'InvoiceRequested');
  if (first?.type !== 'InvoiceRequested') throw new Error(`no invoice request on ${invoiceId}`);
  const { payable_amount, request } = first.data;
  return {
    payableAmount: payable_amount,
    dueDate: request.payment.due_date,
    paymentMeans: request.payment.method_code,
  };
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
