import { describe, expect, it } from 'vitest';
import { invoiceEventSchema } from './invoice-events.ts';
import { invoiceNoteReservedV1 } from './invoice-note-reserved.v1.ts';
import { invoiceNoteReservedV2 } from './invoice-note-reserved.v2.ts';

const line = (taxes: unknown[]) => ({ code: 'A', name: 'Item', quantity: 1, unit_price: 100, taxes });
const event = (version: number, taxes: unknown[]) => ({
  id: '8e2f0a57-8f63-4c39-9a53-3c7d9c1b2f10',
  type: 'InvoiceNoteReserved',
  version,
  occurred_at: '2026-03-11T10:00:00-05:00',
  tenant_id: 'demo',
  invoice_id: 'inv-demo-SETP990000000',
  correlation_id: 'req-2',
  causation_id: 'req-2',
  data: {
    reservation_id: '3b8d6c8e-5d7e-4f0a-9c1b-2f10a57e8f63',
    kind: 'credit',
    concept: '1',
    amount: '119.00',
    issued_at: '2026-03-11T15:00:00.000Z',
    request: { invoice: { cufe: 'a'.repeat(96) }, concept: '1', lines: [line(taxes)] },
    lines: [line(taxes)],
    numbered_after: '0',
  },
});
const iva = { code: '01', name: 'IVA', rate: 19 };
const bolsas = { code: '22', name: 'INC bolsas', per_unit_amount: 66 };

describe('InvoiceNoteReserved v2 and its upcaster (docs/events.md, "Versioning")', () => {
  it('reads a stored v1 as v2 with the same data: an earlier release left it, a finisher reads it today', () => {
    const stored = event(1, [iva]);
    const read = invoiceEventSchema.parse(stored);
    expect(read.version).toBe(2);
    expect(read.data).toEqual(invoiceNoteReservedV1.parse(stored).data);
    expect(invoiceNoteReservedV2.safeParse(read).success).toBe(true);
  });

  it('carries a per-unit tax that v1 refuses, so it is a new subject and not a v1 edit', () => {
    expect(invoiceEventSchema.parse(event(2, [iva, bolsas])).version).toBe(2);
    expect(invoiceNoteReservedV1.safeParse(event(1, [iva, bolsas])).success).toBe(false);
    expect(invoiceEventSchema.safeParse(event(1, [iva, bolsas])).success).toBe(false);
    expect(invoiceEventSchema.safeParse(event(3, [iva])).success).toBe(false);
  });
});
