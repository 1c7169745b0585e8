import type { InvoiceNoteIssuedV1, InvoiceNoteReservedV2 } from '@fe/contracts';
import type { InvoiceStatusView, NoteEntry } from './invoice-status.ts';

/**
 * An invoice's ledger of credit and debit notes (docs/notes.md, "Book rules"): pure folds shared by
 * the projection (the status view) and the ingress (the balance it decides a new note against).
 */

/** A reservation on the invoice's stream: the note counts against the balance from now on (pending). */
export function noteReserved(view: InvoiceStatusView, d: InvoiceNoteReservedV2['data']): InvoiceStatusView {
  if (view.notes?.some((n) => n.reservationId === d.reservation_id)) return view;
  const entry: NoteEntry = {
    reservationId: d.reservation_id,
    kind: d.kind,
    concept: d.concept,
    amount: d.amount,
    status: 'pending',
  };
  return { ...view, notes: [...(view.notes ?? []), entry] };
}

/** The reserved note got its number and stream; a repeat (or one whose reservation was never seen) is folded once. */
export function noteIssued(view: InvoiceStatusView, d: InvoiceNoteIssuedV1['data']): InvoiceStatusView {
  const issued = { number: d.document_id, cude: d.cude, noteInvoiceId: d.note_invoice_id };
  const notes = view.notes ?? [];
  if (!notes.some((n) => n.reservationId === d.reservation_id)) {
    return {
      ...view,
      notes: [
        ...notes,
        {
          reservationId: d.reservation_id,
          kind: d.kind,
          concept: d.concept,
          amount: d.amount,
          status: 'pending',
          ...issued,
        },
      ],
    };
  }
  return { ...view, notes: notes.map((n) => (n.reservationId === d.reservation_id ? { ...n, ...issued } : n)) };
}

/**
 * The invoice's view after one of its notes reached a verdict; an accepted cancellation voids the invoice.
 * The same object when nothing changes.
 */
export function withNoteStatus(
  invoice: InvoiceStatusView,
  note: Pick<InvoiceStatusView, 'invoiceId' | 'status'>,
): InvoiceStatusView {
  const notes = invoice.notes ?? [];
  const entry = notes.find((n) => n.noteInvoiceId === note.invoiceId);
  if (!entry || entry.status === note.status) return invoice;
  const updated = { ...entry, status: note.status };
  const voided = invoice.voided === true || (isCancellation(updated) && updated.status === 'accepted');
  return { ...invoice, notes: notes.map((n) => (n === entry ? updated : n)), ...(voided ? { voided } : {}) };
}

export const isCancellation = (note: Pick<NoteEntry, 'kind' | 'concept'>): boolean =>
  note.kind === 'credit' && note.concept === '2';

/** Payable amount − credit notes not rejected + debit notes not rejected, in cents. Amounts are "123.45". */
export function balanceCents(payableAmount: string, notes: readonly NoteEntry[]): bigint {
  let balance = cents(payableAmount);
  for (const note of notes) {
    if (note.status === 'rejected') continue;
    balance += note.kind === 'credit' ? -cents(note.amount) : cents(note.amount);
  }
  return balance;
}

export const cents = (amount: string): bigint => {
  const match = /^(\d+)\.(\d{2})$/.exec(amount);
  if (!match) throw new RangeError(`not a 2-decimal amount: ${amount}`);
  return BigInt(match[1]!) * 100n + BigInt(match[2]!);
};

export const amountOfCents = (value: bigint): string => {
  const sign = value < 0n ? '-' : '';
  const abs = value < 0n ? -value : value;
  return `${sign}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
};
