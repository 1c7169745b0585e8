import { context, propagation } from '@opentelemetry/api';
import type { EventStore } from '@fe/platform';
import { instruments } from './instruments.ts';
import { inSpan, tracerFor } from './spans.ts';
import type { TraceContextLedger } from './trace-context-ledger.ts';

/** The final verdicts `fe.invoices.final` counts, by the event that records them. */
const finalStatus: Readonly<Record<string, string>> = { InvoiceAccepted: 'accepted', InvoiceRejected: 'rejected' };

/**
 * The event store every writer of the process appends through: each append is a span (`append
 * InvoiceRequested`, a child of the request or reaction that appends), its context waits in the
 * ledger for the relay's publish, and a recorded final verdict counts in `fe.invoices.final`
 * (an append happens once per event, where a publish may repeat). Reads pass through.
 *
 *   const store = tracingEventStore(notifyingEventStore(cached, nudge), ledger);
 */
export function tracingEventStore(store: EventStore, ledger: TraceContextLedger): EventStore {
  const tracer = tracerFor('fe.event-store');
  return {
    append: (stream, events, expected) => {
      const types = [...new Set(events.map((event) => event.type))];
      const first = events[0];
      const attributes = {
        'fe.stream': stream, 'fe.event.types': types, 'fe.event.count': events.length,
        ...(first?.invoice_id ? { 'fe.invoice_id': first.invoice_id } : {}), ...(first ? { 'fe.tenant_id': first.tenant_id } : {}),
      };
      return inSpan(tracer, `append ${types.join(',')}`, { attributes }, async () => {
        const ids = events.map((event) => event.id);
        // Recorded before the append resolves: the relay, nudged by the append, may publish first.
        const headers: Record<string, string> = {};
        propagation.inject(context.active(), headers);
        ledger.record(ids, headers);
        let result;
        try {
          result = await store.append(stream, events, expected);
        } catch (error) {
          ledger.forget(ids);
          throw error;
        }
        for (const event of events) {
          const status = finalStatus[event.type];
          if (status) instruments().invoicesFinal.add(1, { status });
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
