import { createHash } from 'node:crypto';
import { invoiceRequestSchema, type InvoiceNoteReservedV2 } from '@fe/contracts';
import { demoSoftware } from '@fe/dian-domain';
import { everyTaxInvoice } from '@fe/dian-domain/testing';
import { amountOfCents, balanceCents, type InvoiceStatusView } from '@fe/invoice-status';
import { invoiceStreamName, newInvoiceEvent, type SqliteEventStore } from '@fe/platform';
import { describe, expect, it } from 'vitest';
import { command, outcome } from '../../test-support/note-scenarios.ts';
import { anInvoice, invoiceRequest, memoryNoteWorlds, noteLine } from '../../test-support/note-world.ts';
import { parseNoteRequest } from './decide.ts';
import { requestNote } from './handler.ts';
import { readLedger } from './ledger.ts';

// Notes carry every tax an invoice carries (docs/notes.md, "Taxes"), and no withholdings ("Withholdings").
const { world } = memoryNoteWorlds();
const [snacks, service, , bottles, bags] = everyTaxInvoice.lines;
/** One snack (IVA, ICUI), the ICA service, 2 bottles of 400 ml (IVA, IBUA) and 3 bags (IVA, INC bolsas). */
const returned = [{ ...snacks!, quantity: 1 }, service!, { ...bottles!, quantity: 2 }, { ...bags!, quantity: 3 }];
const sha384 = (text: string) => createHash('sha384').update(text, 'utf8').digest('hex');

async function reservations(store: SqliteEventStore, invoiceId: string) {
  const { events } = await store.read(invoiceId);
  return events.map((e) => e.envelope).filter((e) => e.type === 'InvoiceNoteReserved') as InvoiceNoteReservedV2[];
}

/** The balance the book rules decide on (docs/notes.md, "Book rules"). */
async function balanceOf(store: SqliteEventStore, invoiceId: string) {
  const ledger = (await readLedger(store, invoiceId))!;
  return amountOfCents(balanceCents(ledger.requested.data.payable_amount, ledger.view.notes ?? []));
}

describe('a note on an invoice with ICA, ICUI, INC bolsas and IBUA', () => {
  it('credits lines with every tax: reserved as InvoiceNoteReserved.v2, numbered, its CUDE over IVA, INC and ICA only', async () => {
    const { store, ports } = world();
    const invoice = await anInvoice(store, '990000001', 'accepted', { request: everyTaxInvoice });
    const answer = await requestNote(
      ports,
      'credit',
      command({ invoice: { cufe: invoice.cufe }, concept: '1', lines: returned }),
    );
    const note = answer.body as InvoiceStatusView;
    // 65 600.00 + IVA 12 464.00 + ICA 579.60 + ICUI 800.00 + IBUA 520.00 (2 × 400 ml × 0.65) + bolsas 198.00 (3 × 66)
    expect(note).toMatchObject({ number: 'NC1', payableAmount: '80161.60' });
    const [date, time] = [note.issuedAt.slice(0, 10), note.issuedAt.slice(11)];
    const fields = ['NC1', date, time, '65600.00', '01', '12464.00', '04', '0.00', '03', '579.60', '80161.60'];
    expect(note.cufe).toBe(sha384([...fields, '900123456', '900108281', demoSoftware.pin, '2'].join('')));
    const [reserved] = await reservations(store, invoice.invoiceId);
    expect(reserved!.version).toBe(2);
    expect(reserved!.data.lines.map((l) => l.taxes.map((t) => t.code))).toEqual([
      ['01', '35'],
      ['01', '03'],
      ['01', '34'],
      ['01', '22'],
    ]);
    const { events } = await store.read(invoiceStreamName('demo', 'NC1'));
    expect(events[0]!.envelope.data).toMatchObject({ lines: invoiceRequestSchema.shape.lines.parse(returned) });
  });

  it('debits lines with every tax', async () => {
    const { store, ports } = world();
    const invoice = await anInvoice(store, '990000001', 'accepted', { request: everyTaxInvoice });
    const body = { invoice: { cufe: invoice.cufe }, concept: '3', lines: everyTaxInvoice.lines };
    expect(await outcome(requestNote(ports, 'debit', command(body)))).toBe('ND1');
    expect(await balanceOf(store, invoice.invoiceId)).toBe('575883.20'); // twice 247 169.60
  });

  it("cancels without lines by reproducing the invoice's lines, every tax included: the balance is 0.00", async () => {
    const { store, ports } = world();
    const invoice = await anInvoice(store, '990000001', 'accepted', { request: everyTaxInvoice });
    const answer = await requestNote(ports, 'credit', command({ invoice: { cufe: invoice.cufe }, concept: '2' }));
    expect((answer.body as InvoiceStatusView).payableAmount).toBe('287941.60');
    const [reserved] = await reservations(store, invoice.invoiceId);
    expect(reserved!.data.lines).toEqual(invoiceRequestSchema.parse(everyTaxInvoice).lines);
    expect(await balanceOf(store, invoice.invoiceId)).toBe('0.00');
  });

  it("finishes an InvoiceNoteReserved.v1 an earlier release's dead ingress left, read as v2", async () => {
    const { store, ports } = world();
    const invoice = await anInvoice(store, '990000001');
    const meta = { tenantId: 'demo', invoiceId: invoice.invoiceId, correlationId: 'old', causationId: 'old' };
    const lines = [noteLine(100)];
    const v2 = newInvoiceEvent(
      'InvoiceNoteReserved',
      {
        reservation_id: '3b8d6c8e-5d7e-4f0a-9c1b-2f10a57e8f63',
        kind: 'credit',
        concept: '1',
        amount: '119.00',
        issued_at: '2026-03-11T15:00:00.000Z',
        request: { invoice: { cufe: invoice.cufe }, concept: '1', lines },
        lines,
        numbered_after: '0',
      },
      meta,
      { now: () => new Date() },
    );
    await store.append(invoice.invoiceId, [{ ...v2, version: 1 } as never], 'stream_exists');
    const body = { invoice: { cufe: invoice.cufe }, concept: '1', lines: [noteLine(200)] };
    expect(await outcome(requestNote(ports, 'credit', command(body)))).toBe('NC2');
    const { events } = await store.read(invoiceStreamName('demo', 'NC1'));
    expect(events[0]!.envelope.data).toMatchObject({
      reservation_id: '3b8d6c8e-5d7e-4f0a-9c1b-2f10a57e8f63',
      payable_amount: '119.00',
    });
  });
});

describe('a note on no invoice of this product', () => {
  it('carries them too: a debit note of every tax over a period is numbered with them on its first event', async () => {
    const { store, ports } = world();
    const { customer, payment } = everyTaxInvoice;
    const body = {
      invoice_period: { start_date: '2026-03-01', end_date: '2026-03-31' },
      concept: '4',
      customer,
      payment,
      lines: returned,
    };
    expect(await outcome(requestNote(ports, 'debit', command(body)))).toBe('ND1');
    const { events } = await store.read(invoiceStreamName('demo', 'ND1'));
    expect(events[0]!.envelope.data).toMatchObject({ payable_amount: '80161.60' });
  });
});

describe('a note on an invoice with withholdings', () => {
  it('refuses withholdings of its own: VALIDATION_ERROR on `withholdings`, saying the certificate corrects them', () => {
    const parsed = parseNoteRequest('credit', {
      invoice: { prefix: 'SETP', number: 990000001 },
      concept: '1',
      lines: [noteLine(100)],
      withholdings: [{ code: '06', rate: 2.5 }],
    });
    expect(parsed.ok ? 'ok' : [parsed.error.code, parsed.error.details]).toEqual([
      'VALIDATION_ERROR',
      [{ path: 'withholdings', message: expect.stringContaining('certificado de retención') }],
    ]);
  });

  it('cancels the whole payable amount, which the withholdings never lowered, and carries none of them', async () => {
    const { store, ports } = world();
    const withheld = { ...invoiceRequest, withholdings: [{ code: '06' as const, rate: 2.5 }] };
    const invoice = await anInvoice(store, '990000001', 'accepted', { request: withheld });
    const answer = await requestNote(ports, 'credit', command({ invoice: { cufe: invoice.cufe }, concept: '2' }));
    expect((answer.body as InvoiceStatusView).payableAmount).toBe('1190.00');
    const { events } = await store.read(invoiceStreamName('demo', 'NC1'));
    expect(JSON.stringify(events[0]!.envelope.data)).not.toContain('withholding');
    expect(await balanceOf(store, invoice.invoiceId)).toBe('0.00');
  });
});
