import { describe, expect, it } from 'vitest';
import { invoiceRenderedV1, type InvoiceRenderedV1 } from '../events/invoice-rendered.v1.ts';
import { invoiceEventSchema } from '../events/invoice-events.ts';
import {
  downcastInvoiceRenderedV2,
  invoiceRenderedV2,
  readInvoiceRenderedAsV2,
  upcastInvoiceRenderedV1,
  type InvoiceRenderedV2,
} from './invoice-rendered.v2.ts';

const envelope = {
  id: '6f1c1f43-7d2e-4a53-9a53-2f0f7c3f1a10',
  occurred_at: '2026-03-10T10:00:07-05:00',
  tenant_id: 'demo',
  invoice_id: 'inv-demo-SETP990000001',
  correlation_id: 'req_1',
  causation_id: '0d7c43f4-35c6-4d5c-8a38-1b3b5f8c6b11',
};
const v1: InvoiceRenderedV1 = {
  ...envelope,
  type: 'InvoiceRendered',
  version: 1,
  data: { pdf_key: 'demo/SETP990000001.pdf', pdf_sha256: 'c'.repeat(64), pages: 2 },
};
const v2: InvoiceRenderedV2 = {
  ...envelope,
  type: 'InvoiceRendered',
  version: 2,
  data: { pdf: { key: 'demo/SETP990000001.pdf', sha256: 'c'.repeat(64), pages: 2 }, pdf_a: true },
};

/** A consumer written against v1 only, as a downstream system would have been: it parses with the v1 schema. */
const v1Consumer = (message: unknown) => {
  const event = invoiceEventSchema.parse(message);
  return event.type === 'InvoiceRendered' ? `${event.data.pdf_key} (${event.data.pages} pages)` : 'ignored';
};

describe('the versioning rule, worked: InvoiceRendered v2', () => {
  it('v2 is a new schema: v1 refuses a v2 event and v2 a v1 one (hence a new subject, co.fe-colombia.InvoiceRendered.v2)', () => {
    expect(invoiceRenderedV1.safeParse(v2).success).toBe(false);
    expect(invoiceRenderedV2.safeParse(v1).success).toBe(false);
  });

  it('the upcaster reads a stored v1 as a valid v2, and a v2 reader takes either version', () => {
    expect(invoiceRenderedV2.parse(upcastInvoiceRenderedV1(v1))).toEqual({ ...v2, data: { ...v2.data, pdf_a: false } });
    expect(readInvoiceRenderedAsV2(v1).data.pdf.key).toBe(v1.data.pdf_key);
    expect(readInvoiceRenderedAsV2(v2)).toEqual(v2);
  });

  it('a v1 consumer keeps working: it reads the downcast the v1 topic carries, as it read v1 before', () => {
    expect(v1Consumer(v1)).toBe('demo/SETP990000001.pdf (2 pages)');
    expect(() => v1Consumer(v2)).toThrow(); // what it would meet if v2 were published on its topic
    expect(v1Consumer(downcastInvoiceRenderedV2(v2))).toBe('demo/SETP990000001.pdf (2 pages)');
    expect(downcastInvoiceRenderedV2(upcastInvoiceRenderedV1(v1))).toEqual(v1);
  });
});
