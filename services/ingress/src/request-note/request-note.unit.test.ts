import { cude, demoSoftware } from '@fe/dian-domain';
import type { InvoiceStatusView } from '@fe/invoice-status';
import { invoiceStreamName, newInvoiceEvent, SqliteEventStore, type EventStore } from '@fe/platform';
import { describe, expect, it } from 'vitest';
import { concurrentCredits, command, outcome } from '../../test-support/note-scenarios.ts';
import {
  anInvoice,
  invoiceRequest,
  memoryNoteWorlds,
  noteLine,
  notePorts,
  profile,
} from '../../test-support/note-world.ts';
import { ApiError } from '../http/api-error.ts';
import { highestUsedInStore } from '../numbering/highest-used-in-store.ts';
import { NumberAllocator } from '../numbering/number-allocator.ts';
import { requestHash } from '../idempotency/request-hash.ts';
import { SqliteIdempotencyStore } from '../idempotency/sqlite-idempotency-store.ts';
import { requestNote } from './handler.ts';
import { readLedger } from './ledger.ts';

const { open, world } = memoryNoteWorlds();
const credit = (ref: object, concept: string, lines?: object[], extra: object = {}) => ({
  invoice: ref,
  concept,
  ...(lines ? { lines } : {}),
  ...extra,
});

/** The refusal's code and the fields it names. */
async function refusal(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return { code: error.code, paths: error.details.map((d) => d.path) };
    throw error;
  }
  throw new Error('the note was not refused');
}

/** A credit-note request that began `key` and died before answering. */
async function beginKey(ports: ReturnType<typeof notePorts>, store: EventStore, key: string, body: object, now: Date) {
  await ports.idempotency.begin({
    tenantId: 'demo',
    key,
    endpoint: 'credit-note',
    requestHash: requestHash(body),
    now,
    leaseMs: ports.config.idempotencyLeaseMs,
    storeHead: await store.head(),
  });
}

async function verdict(store: EventStore, noteInvoiceId: string, outcome: 'InvoiceAccepted' | 'InvoiceRejected') {
  const meta = { tenantId: 'demo', invoiceId: noteInvoiceId, correlationId: 'dian', causationId: 'dian' };
  const clock = { now: () => new Date() };
  const dian = { track_id: 't', status_code: '00', status_description: 'd', status_message: 'm' };
  const event =
    outcome === 'InvoiceAccepted'
      ? newInvoiceEvent(
          'InvoiceAccepted',
          { ...dian, notifications: [], validated_at: '2026-03-10T10:00:05-05:00' },
          meta,
          clock,
        )
      : newInvoiceEvent(
          'InvoiceRejected',
          { ...dian, errors: [{ rule: 'CAD06', message: 'x' }], rejected_at: '2026-03-10T10:00:05-05:00' },
          meta,
          clock,
        );
  await store.append(noteInvoiceId, [event], 'stream_exists');
}

describe('a credit note', () => {
  it('is numbered on its own prefix, with a CUDE over its own number, instant and totals and the software PIN', async () => {
    const { store, ports } = world();
    const invoice = await anInvoice(store, '990000001');
    const answer = await requestNote(
      ports,
      'credit',
      command(
        credit({ prefix: 'SETP', number: 990000001 }, '1', [noteLine(300)], { description: 'Devolución parcial' }),
      ),
    );
    const note = answer.body as InvoiceStatusView;
    expect(note).toMatchObject({
      number: 'NC1',
      documentType: 'credit_note',
      concept: '1',
      payableAmount: '357.00',
      status: 'pending',
    });
    expect(note.reference).toEqual({
      invoiceId: invoice.invoiceId,
      number: invoice.documentId,
      cufe: invoice.cufe,
      issueDate: '2026-03-10',
    });
    const [date, time] = [note.issuedAt.slice(0, 10), note.issuedAt.slice(11)];
    expect(note.cufe).toBe(
      cude({
        numFac: 'NC1',
        fecFac: date,
        horFac: time,
        valFac: '300.00',
        valIva: '57.00',
        valInc: '0.00',
        valIca: '0.00',
        valTot: '357.00',
        nitOfe: '900123456',
        numAdq: '900108281',
        key: demoSoftware.pin,
        environment: '2',
      }),
    );
    expect(answer.headers.Location).toBe(`/api/v1/service/status/${note.cufe}`);
    const { events } = await store.read(invoiceStreamName('demo', 'NC1'));
    expect(events.map((e) => e.envelope.type)).toEqual(['CreditNoteRequested']);
    expect(events[0]!.envelope.data).toMatchObject({
      referenced_invoice: { cufe: invoice.cufe, document_id: invoice.documentId },
      lines: [noteLine(300)],
      build_rules: 2,
    });
  });

  it("is numbered in the tenant's own note range when it has one", async () => {
    const { store, ports } = world();
    const invoice = await anInvoice(store, '990000001');
    const own = { credit: { prefix: 'NCA', from: '100', to: '101' }, debit: { prefix: 'NDA', from: '1', to: '9' } };
    const numbered = {
      ...ports,
      tenants: { ...ports.tenants, profile: async () => ({ ...profile, noteNumbering: own }) },
    };
    expect(
      await outcome(requestNote(numbered, 'credit', command(credit({ cufe: invoice.cufe }, '1', [noteLine(1)])))),
    ).toBe('NCA100');
    expect(
      await outcome(requestNote(numbered, 'credit', command(credit({ cufe: invoice.cufe }, '1', [noteLine(1)])))),
    ).toBe('NCA101');
    expect(
      await outcome(requestNote(numbered, 'credit', command(credit({ cufe: invoice.cufe }, '1', [noteLine(1)])))),
    ).toBe('NUMBER_OUT_OF_RANGE');
    // refused before reserving: nothing left to block the invoice
    expect((await readLedger(store, invoice.invoiceId))!.open).toEqual([]);
    expect(
      await outcome(requestNote(numbered, 'debit', command(credit({ cufe: invoice.cufe }, '1', [noteLine(1)])))),
    ).toBe('NDA1');
  });

  it("on an invoice in another currency is written in it, at the invoice's rate, and bounded by its balance", async () => {
    const { store, ports } = world();
    const currency = { code: 'USD', exchange_rate: '3912.45', rate_date: '2026-03-01' };
    const invoice = await anInvoice(store, '990000001', 'accepted', { request: { ...invoiceRequest, currency } });
    expect(
      await outcome(requestNote(ports, 'credit', command(credit({ cufe: invoice.cufe }, '1', [noteLine(10)])))),
    ).toBe('NC1');
    const { events } = await store.read(invoiceStreamName('demo', 'NC1'));
    expect(events[0]!.envelope).toMatchObject({ type: 'CreditNoteRequested', version: 3, data: { currency } });
    // The balance is the invoice's, in dollars: crediting more than it is refused as in pesos.
    expect(
      await refusal(requestNote(ports, 'credit', command(credit({ cufe: invoice.cufe }, '1', [noteLine(10_000_000)])))),
    ).toMatchObject({
      code: 'CREDIT_EXCEEDS_BALANCE',
    });
  });

  it('of 0.00 is NOTE_AMOUNT_ZERO naming the lines, credit or debit; nothing is reserved', async () => {
    const { store, ports } = world();
    const invoice = await anInvoice(store, '990000001');
    for (const kind of ['credit', 'debit'] as const) {
      expect(
        await refusal(requestNote(ports, kind, command(credit({ cufe: invoice.cufe }, '1', [noteLine(0)])))),
      ).toEqual({ code: 'NOTE_AMOUNT_ZERO', paths: ['lines'] });
    }
    expect((await readLedger(store, invoice.invoiceId))!.reservations).toEqual([]);
  });

  it('may not exceed the balance, pending notes included: CREDIT_EXCEEDS_BALANCE naming the lines (or the total)', async () => {
    const { store, ports } = world();
    const invoice = await anInvoice(store, '990000001'); // 1 190.00
    await requestNote(ports, 'credit', command(credit({ cufe: invoice.cufe }, '1', [noteLine(600)]))); // 714.00 pending
    expect(
      await refusal(requestNote(ports, 'credit', command(credit({ cufe: invoice.cufe }, '3', [noteLine(401)])))),
    ).toEqual({ code: 'CREDIT_EXCEEDS_BALANCE', paths: ['lines'] });
    expect(
      await refusal(
        requestNote(
          ports,
          'credit',
          command(credit({ cufe: invoice.cufe }, '3', [noteLine(401)], { total: '477.19' })),
        ),
      ),
    ).toEqual({ code: 'CREDIT_EXCEEDS_BALANCE', paths: ['total'] });
    expect(
      await outcome(requestNote(ports, 'credit', command(credit({ cufe: invoice.cufe }, '3', [noteLine(400)])))),
    ).toBe('NC2'); // 476.00: exactly the rest
  });

  it('frees its amount when DIAN rejects it', async () => {
    const { store, ports } = world();
    const invoice = await anInvoice(store, '990000001');
    // the whole 1 190.00
    await requestNote(ports, 'credit', command(credit({ cufe: invoice.cufe }, '1', [noteLine(1000)])));
    expect(
      (await refusal(requestNote(ports, 'credit', command(credit({ cufe: invoice.cufe }, '1', [noteLine(1)]))))).code,
    ).toBe('CREDIT_EXCEEDS_BALANCE');
    await verdict(store, invoiceStreamName('demo', 'NC1'), 'InvoiceRejected');
    expect(
      await outcome(requestNote(ports, 'credit', command(credit({ cufe: invoice.cufe }, '1', [noteLine(1)])))),
    ).toBe('NC2');
  });

  it("is checked like an invoice's lines (LINE_TOTAL_MISMATCH), and concept out of table 13.2.4 is VALIDATION_ERROR on concept", async () => {
    const { store, ports } = world();
    const invoice = await anInvoice(store, '990000001');
    expect(
      await refusal(
        requestNote(ports, 'credit', command(credit({ cufe: invoice.cufe }, '1', [noteLine(10)], { total: '11.00' }))),
      ),
    ).toEqual({ code: 'LINE_TOTAL_MISMATCH', paths: ['total'] });
    expect(
      await refusal(requestNote(ports, 'credit', command(credit({ cufe: invoice.cufe }, '7', [noteLine(10)])))),
    ).toEqual({ code: 'VALIDATION_ERROR', paths: ['concept'] });
    expect(
      await refusal(requestNote(ports, 'debit', command(credit({ cufe: invoice.cufe }, '5', [noteLine(10)])))),
    ).toEqual({ code: 'VALIDATION_ERROR', paths: ['concept'] });
    expect(await refusal(requestNote(ports, 'credit', command(credit({ cufe: invoice.cufe }, '1'))))).toEqual({
      code: 'VALIDATION_ERROR',
      paths: ['lines'],
    });
  });
});

describe('the referenced invoice', () => {
  it("must exist for this tenant: REFERENCED_INVOICE_NOT_FOUND by cufe, by number, and for a note's own number", async () => {
    const { store, ports } = world();
    const invoice = await anInvoice(store, '990000001');
    await requestNote(ports, 'credit', command(credit({ cufe: invoice.cufe }, '1', [noteLine(1)])));
    expect(
      await refusal(requestNote(ports, 'credit', command(credit({ cufe: 'f'.repeat(96) }, '1', [noteLine(1)])))),
    ).toEqual({ code: 'REFERENCED_INVOICE_NOT_FOUND', paths: ['invoice.cufe'] });
    expect(
      await refusal(
        requestNote(ports, 'credit', command(credit({ prefix: 'SETP', number: 990000009 }, '1', [noteLine(1)]))),
      ),
    ).toEqual({ code: 'REFERENCED_INVOICE_NOT_FOUND', paths: ['invoice.number'] });
    expect(
      (await refusal(requestNote(ports, 'credit', command(credit({ prefix: 'NC', number: 1 }, '1', [noteLine(1)])))))
        .code,
    ).toBe('REFERENCED_INVOICE_NOT_FOUND');
    // Another tenant's invoice by number: its stream is named after its own tenant, never found.
    const other = { ...ports, tenants: { ...ports.tenants, profile: ports.tenants.profile.bind(null, 'demo') } };
    expect(
      (
        await refusal(
          requestNote(other, 'credit', {
            ...command(credit({ prefix: 'SETP', number: 990000001 }, '1', [noteLine(1)])),
            tenantId: 'acme',
          }),
        )
      ).code,
    ).toBe('REFERENCED_INVOICE_NOT_FOUND');
  });

  it('must be accepted: REFERENCED_INVOICE_NOT_ACCEPTED for a pending or a rejected one', async () => {
    const { store, ports } = world();
    await anInvoice(store, '990000001', 'pending');
    await anInvoice(store, '990000002', 'rejected');
    for (const number of [990000001, 990000002]) {
      expect(
        await refusal(requestNote(ports, 'debit', command(credit({ prefix: 'SETP', number }, '1', [noteLine(1)])))),
      ).toEqual({ code: 'REFERENCED_INVOICE_NOT_ACCEPTED', paths: ['invoice'] });
    }
  });
});

describe('a debit note', () => {
  it('has no bound and raises the balance a later credit may take', async () => {
    const { store, ports } = world();
    const invoice = await anInvoice(store, '990000001');
    expect(
      await outcome(requestNote(ports, 'debit', command(credit({ cufe: invoice.cufe }, '1', [noteLine(5000)])))),
    ).toBe('ND1'); // + 5 950.00
    expect(
      await outcome(requestNote(ports, 'credit', command(credit({ cufe: invoice.cufe }, '4', [noteLine(6000)])))),
    ).toBe('NC1'); // 7 140.00 of 7 140.00
    const ledger = (await readLedger(store, invoice.invoiceId))!;
    expect(ledger.view.notes!.map((n) => [n.kind, n.number, n.amount])).toEqual([
      ['debit', 'ND1', '5950.00'],
      ['credit', 'NC1', '7140.00'],
    ]);
  });
});

describe('a cancellation (credit concept "2")', () => {
  it("without lines credits the invoice's own lines, and voids it for every later note, pending or accepted", async () => {
    const { store, ports } = world();
    const invoice = await anInvoice(store, '990000001');
    const answer = await requestNote(ports, 'credit', command(credit({ cufe: invoice.cufe }, '2')));
    expect((answer.body as InvoiceStatusView).payableAmount).toBe('1190.00');
    const { events } = await store.read(invoiceStreamName('demo', 'NC1'));
    expect((events[0]!.envelope.data as { lines: unknown }).lines).toEqual(invoiceRequest.lines);
    expect(
      await refusal(requestNote(ports, 'debit', command(credit({ cufe: invoice.cufe }, '1', [noteLine(1)])))),
    ).toEqual({ code: 'INVOICE_VOIDED', paths: ['invoice'] });
    await verdict(store, invoiceStreamName('demo', 'NC1'), 'InvoiceAccepted');
    expect(
      (await refusal(requestNote(ports, 'credit', command(credit({ cufe: invoice.cufe }, '1', [noteLine(1)]))))).code,
    ).toBe('INVOICE_VOIDED');
  });

  it("of an invoice recorded before build_rules credits its own amounts: built with the invoice's rules, which the note records", async () => {
    // 20 lines of 0.03 at 19 %: 0.80 payable under build rules 1, 0.71 under 2.
    const request = {
      ...invoiceRequest,
      lines: Array.from({ length: 20 }, () => ({ ...noteLine(1), unit_price: '0.03' })),
    };
    const cases = [
      ['990000001', 1, '0.80'],
      ['990000002', 2, '0.71'],
    ] as const;
    for (const [number, rules, payable] of cases) {
      const { store, ports } = world();
      const invoice = await anInvoice(store, number, 'accepted', { request, recordedBefore: rules });
      const answer = await requestNote(ports, 'credit', command(credit({ cufe: invoice.cufe }, '2')));
      expect((answer.body as InvoiceStatusView).payableAmount).toBe(payable);
      const { events } = await store.read(invoiceStreamName('demo', 'NC1'));
      expect(events[0]!.envelope.data).toMatchObject({ build_rules: rules, payable_amount: payable });
    }
  });

  it('after earlier notes needs lines of exactly the balance: CANCELLATION_NOT_FULL otherwise', async () => {
    const { store, ports } = world();
    const invoice = await anInvoice(store, '990000001');
    // balance 1 071.00
    await requestNote(ports, 'credit', command(credit({ cufe: invoice.cufe }, '1', [noteLine(100)])));
    expect(await refusal(requestNote(ports, 'credit', command(credit({ cufe: invoice.cufe }, '2'))))).toEqual({
      code: 'CANCELLATION_NOT_FULL',
      paths: ['lines'],
    });
    expect(
      await refusal(requestNote(ports, 'credit', command(credit({ cufe: invoice.cufe }, '2', [noteLine(800)])))),
    ).toEqual({ code: 'CANCELLATION_NOT_FULL', paths: ['lines'] });
    expect(
      await outcome(requestNote(ports, 'credit', command(credit({ cufe: invoice.cufe }, '2', [noteLine(900)])))),
    ).toBe('NC2');
  });
});

describe('concurrent notes on one invoice', () => {
  it('never together exceed its balance: 8 credits of 30 % from two ingress instances, 3 numbered (gap-free), 5 CREDIT_EXCEEDS_BALANCE', async () => {
    const store = new SqliteEventStore(':memory:');
    open.push(store);
    await concurrentCredits([store, store], 8);
  });
});

/** An ingress that dies between the reservation and the note's number. */
class DiesBeforeNumbering extends NumberAllocator {
  override async allocateOwned(): Promise<never> {
    throw new Error('killed');
  }
}

describe('a note whose ingress died after reserving it', () => {
  /** The reservation a dead ingress left: appended, never numbered. */
  async function deadReservation(
    store: EventStore,
    ports: ReturnType<typeof notePorts>,
    cufe: string,
    lines = [noteLine(300)],
  ) {
    const invoice = (await ports.invoices.findByCufe('demo', cufe))!;
    const dead = { ...ports, allocator: new DiesBeforeNumbering(store, highestUsedInStore(store)) };
    await expect(requestNote(dead, 'credit', command(credit({ cufe }, '1', lines)))).rejects.toThrow('killed');
    return (await readLedger(store, invoice.invoiceId))!;
  }

  it('is finished by the next note on the invoice, and counts in its balance', async () => {
    const { store, ports } = world();
    const invoice = await anInvoice(store, '990000001');
    const before = await deadReservation(store, ports, invoice.cufe, [noteLine(900)]); // 1 071.00 of 1 190.00
    expect(before.open).toHaveLength(1);
    expect((await store.read(invoiceStreamName('demo', 'NC1'))).version).toBe('no_stream');
    expect(
      (await refusal(requestNote(ports, 'credit', command(credit({ cufe: invoice.cufe }, '1', [noteLine(200)]))))).code,
    ).toBe('CREDIT_EXCEEDS_BALANCE');
    const after = (await readLedger(store, invoice.invoiceId))!;
    expect(after.open).toEqual([]);
    const { events } = await store.read(invoiceStreamName('demo', 'NC1'));
    expect((events[0]!.envelope.data as { reservation_id: string }).reservation_id).toBe(
      before.open[0]!.data.reservation_id,
    );
  });

  it('gets one number when several finish it at once', async () => {
    const { store, ports } = world();
    const invoice = await anInvoice(store, '990000001');
    await deadReservation(store, ports, invoice.cufe);
    const finishers = Array.from({ length: 4 }, () => notePorts(store));
    open.push(...finishers.map((f) => f.idempotency));
    const numbered = await Promise.all(
      finishers.map((f, i) =>
        outcome(requestNote(f, 'debit', command(credit({ cufe: invoice.cufe }, '1', [noteLine(i + 1)])))),
      ),
    );
    expect(numbered.sort()).toEqual(['ND1', 'ND2', 'ND3', 'ND4']);
    expect((await store.read(invoiceStreamName('demo', 'NC1'))).version).toBe(0n);
    expect((await store.read(invoiceStreamName('demo', 'NC2'))).version).toBe('no_stream');
  });

  it('is answered, not made again, when the failed request is retried with its Idempotency-Key', async () => {
    const { store, ports } = world();
    const invoice = await anInvoice(store, '990000001');
    const body = credit({ cufe: invoice.cufe }, '1', [noteLine(300)]);
    const dead = { ...ports, allocator: new DiesBeforeNumbering(store, highestUsedInStore(store)) };
    // a 500: the key is released
    await expect(requestNote(dead, 'credit', command(body, 'key-1'))).rejects.toThrow('killed');
    expect(await outcome(requestNote(ports, 'credit', command(body, 'key-1')))).toBe('NC1');
    expect((await store.read(invoiceStreamName('demo', 'NC2'))).version).toBe('no_stream');
  });

  it('is answered, not made again, when a request that died after numbering it is taken over by its Idempotency-Key', async () => {
    const store = new SqliteEventStore(':memory:');
    let now = new Date('2026-03-10T15:00:00Z');
    const ports = notePorts(store, { now: () => now });
    open.push(store, ports.idempotency);
    const invoice = await anInvoice(store, '990000001');
    const body = credit({ cufe: invoice.cufe }, '1', [noteLine(300)]);
    // The dead request: it began the key, reserved and numbered NC1, and died before answering.
    await beginKey(ports, store, 'key-2', body, now);
    const itsWork = { ...ports, idempotency: new SqliteIdempotencyStore(':memory:') };
    open.push(itsWork.idempotency);
    expect(await outcome(requestNote(itsWork, 'credit', command(body, 'key-2')))).toBe('NC1');
    expect((await refusal(requestNote(ports, 'credit', command(body, 'key-2')))).code).toBe('IDEMPOTENCY_IN_PROGRESS');
    now = new Date(now.getTime() + ports.config.idempotencyLeaseMs);
    expect(await outcome(requestNote(ports, 'credit', command(body, 'key-2')))).toBe('NC1');
    expect((await store.read(invoiceStreamName('demo', 'NC2'))).version).toBe('no_stream');
    const ledger = (await store.read(invoice.invoiceId)).events.map((e) => e.envelope.type);
    expect(ledger.filter((type) => type === 'InvoiceNoteIssued')).toHaveLength(1); // answered again, not recorded again
  });

  it('a key used again after its 24 hours (the key store forgot it) makes a new note', async () => {
    const { store, ports } = world();
    const invoice = await anInvoice(store, '990000001');
    const body = credit({ cufe: invoice.cufe }, '1', [noteLine(300)]);
    expect(await outcome(requestNote(ports, 'credit', command(body, 'key-1')))).toBe('NC1');
    const forgotten = { ...ports, idempotency: new SqliteIdempotencyStore(':memory:') };
    open.push(forgotten.idempotency);
    expect(await outcome(requestNote(forgotten, 'credit', command(body, 'key-1')))).toBe('NC2');
  });

  it('refuses its Idempotency-Key on the other note endpoint, with the same body, and makes no note', async () => {
    const { store, ports } = world();
    const invoice = await anInvoice(store, '990000001');
    const body = credit({ cufe: invoice.cufe }, '1', [noteLine(300)]);
    expect(await outcome(requestNote(ports, 'credit', command(body, 'key-1')))).toBe('NC1');
    expect(await refusal(requestNote(ports, 'debit', command(body, 'key-1')))).toEqual({
      code: 'IDEMPOTENCY_KEY_REUSED',
      paths: ['Idempotency-Key'],
    });
    expect((await store.read(invoiceStreamName('demo', 'ND1'))).version).toBe('no_stream');
  });

  it('is answered, not made again, when its Idempotency-Key comes back', async () => {
    const { store, ports } = world();
    const invoice = await anInvoice(store, '990000001');
    const body = credit({ cufe: invoice.cufe }, '1', [noteLine(300)]);
    const first = await requestNote(ports, 'credit', command(body, 'key-1'));
    const again = await requestNote(ports, 'credit', command(body, 'key-1'));
    expect(again).toEqual(first);
    expect((await store.read(invoiceStreamName('demo', 'NC2'))).version).toBe('no_stream');
  });
});

describe('a note on no invoice of this product', () => {
  const customer = { document_type: '31', document_number: '900108281', name: 'Cliente S.A.S.' };
  const unlinked = (extra: object) => ({
    concept: '3',
    customer,
    payment: { method_code: '10' },
    lines: [noteLine(300)],
    ...extra,
  });
  const period = { invoice_period: { start_date: '2026-03-01', end_date: '2026-03-31' } };

  it('is numbered in the same note series as the others, on its own stream, with no invoice ledger touched', async () => {
    const { store, ports } = world();
    const invoice = await anInvoice(store, '990000001');
    expect(
      await outcome(requestNote(ports, 'credit', command(credit({ cufe: invoice.cufe }, '1', [noteLine(100)])))),
    ).toBe('NC1');
    expect(await outcome(requestNote(ports, 'credit', command(unlinked(period))))).toBe('NC2');
    const first = (await store.read(invoiceStreamName('demo', 'NC2'))).events[0]!.envelope;
    expect(first).toMatchObject({
      type: 'CreditNoteRequested',
      version: 3,
      data: { invoice_period: period.invoice_period, customer },
    });
    expect((first.data as { referenced_invoice?: unknown }).referenced_invoice).toBeUndefined();
    const ledger = (await store.read(invoice.invoiceId)).events.map((e) => e.envelope.type);
    expect(ledger.filter((type) => type === 'InvoiceNoteReserved')).toHaveLength(1);
  });

  it('names as external an invoice issued here: refused at external_invoice.cufe, nothing numbered', async () => {
    const { store, ports } = world();
    const invoice = await anInvoice(store, '990000001');
    const external = { external_invoice: { number: 'SETP990000001', cufe: invoice.cufe, issue_date: '2026-03-10' } };
    expect(await refusal(requestNote(ports, 'debit', command(unlinked({ ...external, concept: '1' }))))).toEqual({
      code: 'VALIDATION_ERROR',
      paths: ['external_invoice.cufe'],
    });
    expect((await store.read(invoiceStreamName('demo', 'ND1'))).version).toBe('no_stream');
  });

  it('is answered, not made again, when a request that died after numbering it is taken over by its Idempotency-Key', async () => {
    const store = new SqliteEventStore(':memory:');
    let now = new Date('2026-03-10T15:00:00Z');
    const ports = notePorts(store, { now: () => now });
    open.push(store, ports.idempotency);
    const body = unlinked(period);
    await beginKey(ports, store, 'key-3', body, now); // the dead request's
    const itsWork = { ...ports, idempotency: new SqliteIdempotencyStore(':memory:') };
    open.push(itsWork.idempotency);
    expect(await outcome(requestNote(itsWork, 'credit', command(body, 'key-3')))).toBe('NC1');
    now = new Date(now.getTime() + ports.config.idempotencyLeaseMs);
    expect(await outcome(requestNote(ports, 'credit', command(body, 'key-3')))).toBe('NC1');
    expect((await store.read(invoiceStreamName('demo', 'NC2'))).version).toBe('no_stream');
  });
});
