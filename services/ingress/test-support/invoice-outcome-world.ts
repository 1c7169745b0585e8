// Another "process" for the outcome watch's tests: it appends an invoice's events to the shared
// event store and publishes them on its own bus, as the relay does (key = invoice id, the store
// position in the header), so a waiting ingress learns of them only through the bus and the store.
import { randomUUID } from 'node:crypto';
import type { InvoiceEvent } from '@fe/contracts';
import { invoiceStreamName, STORE_POSITION_HEADER, type EventBus, type EventStore } from '@fe/platform';

const cufe = 'a'.repeat(96);

export type InvoiceEvents = {
  invoiceId: string;
  requested: InvoiceEvent;
  accepted: InvoiceEvent;
  rendered: InvoiceEvent;
};

/** The events of one invoice of tenant `demo`, numbered `SETP<number>`, from request to accepted and drawn. */
export function invoiceEvents(number: string): InvoiceEvents {
  const invoiceId = invoiceStreamName('demo', `SETP${number}`);
  const event = (type: InvoiceEvent['type'], data: unknown): InvoiceEvent =>
    ({
      id: randomUUID(),
      type,
      version: 1,
      occurred_at: '2026-03-10T10:00:00-05:00',
      tenant_id: 'demo',
      invoice_id: invoiceId,
      correlation_id: 'req-1',
      causation_id: 'req-1',
      data,
    }) as InvoiceEvent;
  return {
    invoiceId,
    requested: event('InvoiceRequested', {
      request: {
        customer: { document_type: '31', document_number: '900108281', name: 'C', tax_level_codes: ['R-99-PN'] },
        lines: [{ code: 'a', name: 'b', quantity: 1, unit_price: 1, unit_code: '94', taxes: [] }],
        payment: { method_code: '10' },
      },
      prefix: 'SETP',
      number,
      document_id: `SETP${number}`,
      resolution_id: 'r',
      environment: '2',
      issued_at: '2026-03-10T10:00:00-05:00',
      cufe,
      payable_amount: '1.00',
    }),
    accepted: event('InvoiceAccepted', {
      track_id: cufe,
      status_code: '00',
      status_description: 'Procesado Correctamente.',
      status_message: 'ok',
      notifications: [],
      validated_at: '2026-03-10T10:00:05-05:00',
    }),
    rendered: event('InvoiceRendered', { pdf_key: `demo/SETP${number}.pdf`, pdf_sha256: 'c'.repeat(64), pages: 1 }),
  };
}

/**
 * Appends `events` to their invoice's stream, then publishes them on `topic` as the relay would; returns the last store
 * position.
 */
export async function appendAndPublish(
  store: EventStore,
  bus: EventBus,
  topic: string,
  events: readonly InvoiceEvent[],
): Promise<bigint> {
  let last = 0n;
  for (const event of events) {
    const stream = event.invoice_id!;
    const { lastPosition } = await store.append(
      stream,
      [event],
      event.type === 'InvoiceRequested' ? 'no_stream' : 'stream_exists',
    );
    await bus.publish(topic, [
      { key: stream, value: event, headers: { [STORE_POSITION_HEADER]: String(lastPosition) } },
    ]);
    last = lastPosition;
  }
  return last;
}

/** What POST /invoice waits for (request-invoice/handler.ts): a verdict and its PDF. */
export const decidedAndDrawn = (view: { status: string; pdfKey?: string | undefined }): boolean =>
  view.status !== 'pending' && view.pdfKey !== undefined;
