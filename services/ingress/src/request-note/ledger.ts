import type { InvoiceNoteReservedV1, InvoiceRequestedV1 } from '@fe/contracts';
import { evolve, withNoteStatus, type InvoiceStatusView } from '@fe/invoice-status';
import { loadInvoiceStream, type EventStore } from '@fe/platform';

/**
 * An invoice as the book rules see it (docs/notes.md, "Book rules"): its stream is the ledger of its
 * notes. `version` is what a reservation appends against; `view.notes` carries every note reserved
 * (with the status its own stream holds now); `open` the reservations whose note has no number yet.
 */
export type InvoiceLedger = {
  invoiceId: string;
  version: bigint;
  requested: InvoiceRequestedV1;
  view: InvoiceStatusView;
  reservations: InvoiceNoteReservedV1[];
  open: InvoiceNoteReservedV1[];
};

/** Reads the invoice's stream and each issued note's stream; undefined when the stream is not an invoice's. */
export async function readLedger(store: EventStore, invoiceId: string): Promise<InvoiceLedger | undefined> {
  const { version, events } = await loadInvoiceStream(store, invoiceId);
  const first = events[0];
  if (version === 'no_stream' || first?.type !== 'InvoiceRequested') return undefined;
  let view = events.reduce<InvoiceStatusView | undefined>(evolve, undefined)!;
  for (const note of view.notes ?? []) {
    if (note.noteInvoiceId === undefined) continue;
    const noteEvents = (await loadInvoiceStream(store, note.noteInvoiceId)).events;
    const noteView = noteEvents.reduce<InvoiceStatusView | undefined>(evolve, undefined);
    if (noteView) view = withNoteStatus(view, noteView);
  }
  const reservations = events.filter((e): e is InvoiceNoteReservedV1 => e.type === 'InvoiceNoteReserved');
  const issued = new Set(events.flatMap((e) => (e.type === 'InvoiceNoteIssued' ? [e.data.reservation_id] : [])));
  return { invoiceId, version, requested: first, view, reservations, open: reservations.filter((r) => !issued.has(r.data.reservation_id)) };
}
