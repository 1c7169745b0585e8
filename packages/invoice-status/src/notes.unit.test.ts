import { invoiceStatusResponseSchema, type InvoiceEvent } from '@fe/contracts';
import { describe, expect, it } from 'vitest';
import { invoiceFixture, noteFixture } from '../test-support/index.ts';
import { evolve } from './evolve.ts';
import type { InvoiceStatusView } from './invoice-status.ts';
import { withNoteStatus } from './notes.ts';
import { statusResponseBody } from './response-body.ts';

const fold = (events: InvoiceEvent[]) => events.reduce<InvoiceStatusView | undefined>(evolve, undefined)!;
const links = { xmlUrl: 'http://x/x.xml', pdfUrl: 'http://x/x.pdf' };

describe("a note's own view", () => {
  it('is found by its CUDE and names its type, concept and the invoice it corrects', () => {
    const inv = invoiceFixture();
    const note = noteFixture(inv.requested(), { kind: 'credit', number: 1, concept: '1', amount: '30.00' });
    const view = fold([note.requested(), note.accepted()]);
    expect(view).toMatchObject({
      cufe: note.cude,
      number: 'NC1',
      documentType: 'credit_note',
      concept: '1',
      status: 'accepted',
      payableAmount: '30.00',
    });
    expect(statusResponseBody(view, links)).toMatchObject({
      cufe: note.cude,
      document_type: 'credit_note',
      concept: '1',
      referenced_invoice: { number: inv.documentId, cufe: inv.cufe, issue_date: '2026-03-10' },
    });
  });
});

describe("an invoice's ledger of notes", () => {
  const inv = invoiceFixture(); // 100.00 payable
  const requested = inv.requested();
  const partial = noteFixture(requested, { kind: 'credit', number: 1, concept: '1', amount: '30.00' });
  const debit = noteFixture(requested, { kind: 'debit', number: 1, concept: '1', amount: '5.00' });
  const cancellation = noteFixture(requested, { kind: 'credit', number: 2, concept: '2', amount: '75.00' });
  const invoiceEvents = [requested, inv.signed(), inv.submitted(), inv.accepted(), inv.rendered()];

  it('lists each issued note with its status, counts every reserved one in the balance, rejected ones not', () => {
    let view = fold([
      ...invoiceEvents,
      partial.reserved(),
      partial.issued(),
      debit.reserved(),
      debit.issued(),
      cancellation.reserved(),
    ]);
    view = withNoteStatus(view, fold([debit.requested(), debit.rejected()]));
    const body = statusResponseBody(view, links);
    expect(body.notes).toEqual([
      {
        document_type: 'credit_note',
        number: 'NC1',
        cude: partial.cude,
        concept: '1',
        amount: '30.00',
        status: 'pending',
      },
      {
        document_type: 'debit_note',
        number: 'ND1',
        cude: debit.cude,
        concept: '1',
        amount: '5.00',
        status: 'rejected',
      },
    ]);
    // 100 − 30 − 75 (the cancellation reserved, not yet numbered): the ingress never allows it, the fold shows it as it
    // is
    expect(body.balance).toBe('-5.00');
    expect(invoiceStatusResponseSchema.safeParse(body).success).toBe(true);
    expect(body.voided).toBeUndefined();
  });

  it('is voided once a cancellation is accepted, not while it is pending or after it is rejected', () => {
    const base = fold([...invoiceEvents, cancellation.reserved(), cancellation.issued()]);
    expect(withNoteStatus(base, fold([cancellation.requested()])).voided).toBeUndefined();
    expect(withNoteStatus(base, fold([cancellation.requested(), cancellation.rejected()])).voided).toBeUndefined();
    const voided = withNoteStatus(base, fold([cancellation.requested(), cancellation.accepted()]));
    expect(statusResponseBody(voided, links)).toMatchObject({
      voided: true,
      balance: '25.00',
      notes: [{ number: 'NC2', status: 'accepted' }],
    });
  });

  it('folds a repeated reservation or issue once, and an issue whose reservation it never saw', () => {
    const view = fold([
      ...invoiceEvents,
      partial.reserved(),
      partial.reserved(),
      partial.issued(),
      partial.issued(),
      debit.issued(),
    ]);
    expect(view.notes!.map((n) => [n.reservationId, n.number])).toEqual([
      [partial.reservationId, 'NC1'],
      [debit.reservationId, 'ND1'],
    ]);
  });

  it('adds nothing to the status body of an invoice without notes', () => {
    const body = statusResponseBody(fold(invoiceEvents), links);
    expect(body).not.toHaveProperty('notes');
    expect(body).not.toHaveProperty('balance');
    expect(body).not.toHaveProperty('document_type');
  });
});
