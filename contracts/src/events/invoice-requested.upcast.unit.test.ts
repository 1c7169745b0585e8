import { describe, expect, it } from 'vitest';
import { invoiceEventSchema } from './invoice-events.ts';
import { invoiceRequestedV1 } from './invoice-requested.v1.ts';
import { invoiceRequestedV2 } from './invoice-requested.v2.ts';
import { invoiceRequestedV3 } from './invoice-requested.v3.ts';

const line = (taxes: unknown[]) => ({ code: 'A', name: 'Item', quantity: 1, unit_price: 100, taxes });
const event = (version: number, taxes: unknown[]) => ({
  id: '7d1f0a57-8f63-4c39-9a53-3c7d9c1b2f10',
  type: 'InvoiceRequested',
  version,
  occurred_at: '2026-03-10T10:15:00-05:00',
  tenant_id: 'demo',
  invoice_id: 'inv-demo-SETP990000000',
  correlation_id: 'req-1',
  causation_id: 'req-1',
  data: {
    request: {
      customer: { document_type: '13', document_number: '1020304050', name: 'Ana' },
      lines: [line(taxes)],
      payment: { method_code: '10' },
    },
    prefix: 'SETP',
    number: '990000000',
    document_id: 'SETP990000000',
    resolution_id: 'r1',
    environment: '2',
    issued_at: '2026-03-10T10:15:00-05:00',
    cufe: 'a'.repeat(96),
    payable_amount: '119.00',
  },
});
const iva = { code: '01', name: 'IVA', rate: 19 };
const ica = { code: '03', name: 'ICA', rate: 0.966 };

describe('InvoiceRequested v2, v3 and their upcasters', () => {
  it('reads a stored v1 or v2 as v3 with the same data: the store keeps what was written, every reader sees v3', () => {
    const storedV1 = event(1, [iva]);
    const readV1 = invoiceEventSchema.parse(storedV1);
    expect(readV1.version).toBe(3);
    expect(readV1.data).toEqual(invoiceRequestedV1.parse(storedV1).data);
    expect(invoiceRequestedV3.safeParse(readV1).success).toBe(true);

    const storedV2 = event(2, [iva, ica]);
    const readV2 = invoiceEventSchema.parse(storedV2);
    expect(readV2.version).toBe(3);
    expect(readV2.data).toEqual(invoiceRequestedV2.parse(storedV2).data);
  });

  it('carries the new taxes that v1 refuses, so they are a new subject and not a v1 edit', () => {
    expect(invoiceEventSchema.parse(event(3, [iva, ica])).version).toBe(3);
    expect(invoiceRequestedV1.safeParse(event(1, [iva, ica])).success).toBe(false);
    expect(invoiceEventSchema.safeParse(event(1, [iva, ica])).success).toBe(false);
    expect(invoiceEventSchema.safeParse(event(4, [iva])).success).toBe(false);
  });
});
