import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { creditNoteRequestSchema } from '../api/note-request.ts';
import { creditNoteRequestedV1, type CreditNoteRequestedV1 } from './credit-note-requested.v1.ts';
import { creditNoteRequestedV2, upcastCreditNoteRequestedV1 } from './credit-note-requested.v2.ts';
import { creditNoteRequestedV3 } from './credit-note-requested.v3.ts';
import { debitNoteRequestedV1 } from './debit-note-requested.v1.ts';
import { invoiceEventSchema } from './invoice-events.ts';
import { invoiceNoteReservedV1 } from './invoice-note-reserved.v1.ts';
import { publishedJsonSchema } from './published-json-schema.ts';

// Every revision published of each subject (contracts/published-schemas.json, "Versioning" in docs/events.md).
const history = JSON.parse(readFileSync(new URL('../../published-schemas.json', import.meta.url), 'utf8')) as Record<
  string,
  unknown[]
>;

const customer = {
  document_type: '31',
  document_number: '900123456',
  check_digit: '8',
  name: 'Cliente S.A.S.',
  email: 'cliente@example.com',
  tax_level_codes: ['O-13'],
};
const cufe = 'a'.repeat(96);
const v1: CreditNoteRequestedV1 = creditNoteRequestedV1.parse({
  id: '6f1c1f43-7d2e-4a53-9a53-2f0f7c3f1a10',
  type: 'CreditNoteRequested',
  version: 1,
  occurred_at: '2026-03-10T10:00:07-05:00',
  tenant_id: 'demo',
  invoice_id: 'inv-demo-NC1',
  correlation_id: 'req_1',
  causation_id: 'req_1',
  data: {
    request: { invoice: { cufe }, concept: '2' },
    prefix: 'NC',
    number: '1',
    document_id: 'NC1',
    environment: '2',
    issued_at: '2026-03-10T10:00:00-05:00',
    cude: 'b'.repeat(96),
    payable_amount: '119.00',
    referenced_invoice: {
      invoice_id: 'inv-demo-SETP990000001',
      document_id: 'SETP990000001',
      cufe,
      issue_date: '2026-03-09',
      customer,
      payment: { method_code: '10' },
    },
    lines: [
      { code: 'P', name: 'Producto', quantity: 1, unit_price: 100, taxes: [{ code: '01', name: 'IVA', rate: 19 }] },
    ],
  },
});

describe('CreditNoteRequested and DebitNoteRequested v2 (docs/events.md, "Versioning")', () => {
  it("v1's schemas stay the ones published before v2: one revision each, today's", () => {
    for (const [key, schema] of [
      ['CreditNoteRequested.v1', creditNoteRequestedV1],
      ['DebitNoteRequested.v1', debitNoteRequestedV1],
      ['InvoiceNoteReserved.v1', invoiceNoteReservedV1],
    ] as const)
      expect(history[key], key).toEqual([publishedJsonSchema(schema)]);
  });

  it('v1 and v2 refuse each other: v2 is a new subject', () => {
    const v2 = upcastCreditNoteRequestedV1(v1);
    expect(creditNoteRequestedV2.safeParse(v1).success).toBe(false);
    expect(creditNoteRequestedV1.safeParse(v2).success).toBe(false);
  });

  it('the upcaster moves the parties out of the reference, and every reader reads a stored v1 (and v2) as v3', () => {
    const v2 = creditNoteRequestedV2.parse(upcastCreditNoteRequestedV1(v1));
    expect(v2.version).toBe(2);
    expect(v2.data.customer).toEqual(v1.data.referenced_invoice.customer);
    expect(v2.data.payment).toEqual({ method_code: '10' });
    expect(v2.data.referenced_invoice).toEqual({
      invoice_id: 'inv-demo-SETP990000001',
      document_id: 'SETP990000001',
      cufe,
      issue_date: '2026-03-09',
    });
    // v3 only adds the invoice's optional currency and widens the line: a v2 is a v3 in pesos.
    expect(invoiceEventSchema.parse(v1)).toEqual({ ...v2, version: 3 });
    expect(invoiceEventSchema.parse(v2)).toEqual({ ...v2, version: 3 });
    const inDollars = {
      ...v2,
      version: 3,
      data: { ...v2.data, currency: { code: 'USD', exchange_rate: '3912.45', rate_date: '2026-03-09' } },
    };
    expect(creditNoteRequestedV3.parse(inDollars)).toEqual(inDollars);
    // A v2 reader drops the currency it does not know: a note in dollars needs its own version.
    expect(creditNoteRequestedV2.parse({ ...inDollars, version: 2 }).data).not.toHaveProperty('currency');
  });

  it('v2 carries a note without a referenced invoice, which v1 could not', () => {
    const { referenced_invoice: _gone, ...data } = upcastCreditNoteRequestedV1(v1).data;
    const request = creditNoteRequestSchema.parse({
      invoice_period: { start_date: '2026-03-01', end_date: '2026-03-31' },
      concept: '3',
      customer,
      payment: { method_code: '10' },
      lines: v1.data.lines,
    });
    const unlinked = {
      ...v1,
      version: 2,
      data: { ...data, request, invoice_period: { start_date: '2026-03-01', end_date: '2026-03-31' } },
    };
    expect(creditNoteRequestedV2.parse(unlinked).data.referenced_invoice).toBeUndefined();
    expect(creditNoteRequestedV1.safeParse({ ...unlinked, version: 1 }).success).toBe(false);
  });
});
