import type { InvoiceNoteReservedV2, InvoiceRequestedV3 } from '@fe/contracts';
import { evolve, withNoteStatus, type InvoiceStatusView } from '@fe/invoice-status';
import {
  invoiceStream,
  loadInvoiceStream,
  loadState,
  type EventStore,
  type InvoiceState,
  type StreamFold,
} from '@fe/platform';

/** The invoice's stream as the book rules read it: its state (the notes' ledger) and its status view. */
export type LedgerState = { stream: InvoiceState; view: InvoiceStatusView | undefined };

export const ledgerFold: StreamFold<LedgerState> = {
  initialState: () => ({ stream: invoiceStream.initialState(), view: undefined }),
  evolve: (state, event) => ({ stream: invoiceStream.evolve(state.stream, event), view: evolve(state.view, event) }),
};

/**
 * An invoice as the book rules see it (docs/notes.md, "Book rules"): its stream is its notes' ledger, and `version`
 * is what a reservation appends against.
 */
export type InvoiceLedger = {
  invoiceId: string;
  version: bigint;
  /** The invoice stream's state at `version`. */
  state: LedgerState;
  requested: InvoiceRequestedV3;
  view: InvoiceStatusView;
  reservations: readonly InvoiceNoteReservedV2[];
  open: InvoiceNoteReservedV2[];
};

/** Reads the invoice's stream and each issued note's stream; undefined when the stream is not an invoice's. */
export async function readLedger(store: EventStore, invoiceId: string): Promise<InvoiceLedger | undefined> {
  const { version, state } = await loadState(store, invoiceId, ledgerFold);
  const requested = state.stream.requested;
  if (version === 'no_stream' || requested?.type !== 'InvoiceRequested') return undefined;
  let view = state.view!;
  for (const note of view.notes ?? []) {
    if (note.noteInvoiceId === undefined) continue;
    const noteEvents = (await loadInvoiceStream(store, note.noteInvoiceId)).events;
    const noteView = noteEvents.reduce<InvoiceStatusView | undefined>(evolve, undefined);
    if (noteView) view = withNoteStatus(view, noteView);
  }
  const { noteReservations: reservations, notesIssued } = state.stream;
  return {
    invoiceId,
    version,
    state,
    requested,
    view,
    reservations,
    open: reservations.filter((r) => !notesIssued.has(r.data.reservation_id)),
  };
}
