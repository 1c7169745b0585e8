import { context, propagation } from '@opentelemetry/api';
import { traceContextOf, type EventStore } from '@fe/platform';
import { instruments } from './instruments.ts';
import { inSpan, tracerFor } from './spans.ts';

/** The final verdicts `fe.invoices.final` counts, by the event that records them. */
const finalStatus: Readonly<Record<string, string>> = { InvoiceAccepted: 'accepted', InvoiceRejected: 'rejected' };

/** What a document stream is, by its first event. */
const kinds: Readonly<Record<string, string>> = {
  InvoiceRequested: 'invoice',
  CreditNoteRequested: 'credit_note',
  DebitNoteRequested: 'debit_note',
};

/** The kind of document a verdict's stream holds; `unknown` when it cannot be read (the verdict still counts). */
async function documentKindOf(store: EventStore, stream: string): Promise<string> {
  try {
    const { events } = await store.read(stream);
    return kinds[events[0]?.envelope.type ?? ''] ?? 'unknown';
  } catch {
    return 'unknown';
  }
}

/**
 * Each append is a span whose context the store keeps with the events, so the relay publishes them with it in
 * any process (docs/observability.md); a final verdict counts in `fe.invoices.final` here, where it happens once,
 * by document kind.
 */
export function tracingEventStore(store: EventStore): EventStore {
  const tracer = tracerFor('fe.event-store');
  return {
    append: (stream, events, expected, options) => {
      const types = [...new Set(events.map((event) => event.type))];
      const first = events[0];
      const attributes = {
        'fe.stream': stream,
        'fe.event.types': types,
        'fe.event.count': events.length,
        ...(first?.invoice_id ? { 'fe.invoice_id': first.invoice_id } : {}),
        ...(first ? { 'fe.tenant_id': first.tenant_id } : {}),
      };
      return inSpan(tracer, `append ${types.join(',')}`, { attributes }, async () => {
        // The append span's own context: the reactions to these events are its children.
        const carrier: Record<string, string> = {};
        propagation.inject(context.active(), carrier);
        const traceContext = traceContextOf(carrier) ?? options?.traceContext;
        const result = await store.append(stream, events, expected, {
          ...options,
          ...(traceContext ? { traceContext } : {}),
        });
        const verdicts = events.map((event) => finalStatus[event.type]).filter((status) => status !== undefined);
        if (verdicts.length > 0) {
          const kind = await documentKindOf(store, stream);
          for (const status of verdicts) instruments().invoicesFinal.add(1, { status, kind });
        }
        return result;
      });
    },
    read: (stream) => store.read(stream),
    readAll: (options) => store.readAll(options),
    head: () => store.head(),
    close: () => store.close(),
  };
}
