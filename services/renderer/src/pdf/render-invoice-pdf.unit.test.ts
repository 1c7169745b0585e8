import { describe, expect, it } from 'vitest';
import { readInvoiceView } from '../invoice-view/read-invoice-view.ts';
import { sampleInvoice, sampleReadOptions } from '../samples/sample-invoices.ts';
import { renderInvoicePdf } from './render-invoice-pdf.ts';

const header = (bytes: Uint8Array) => Buffer.from(bytes.subarray(0, 8)).toString('latin1');
const text = (bytes: Uint8Array) => Buffer.from(bytes).toString('latin1');

describe('renderInvoicePdf', () => {
  const view = readInvoiceView(sampleInvoice({ lines: 12 }).xml, sampleReadOptions);

  it('writes one complete PDF', () => {
    const { bytes, pageCount } = renderInvoicePdf(view);
    expect(header(bytes)).toMatch(/^%PDF-1\.\d/);
    expect(text(bytes).trimEnd().endsWith('%%EOF')).toBe(true);
    expect(pageCount).toBe(1);
  });

  it('gives the same bytes for the same invoice (no clock, no random file ID)', () => {
    expect(Buffer.from(renderInvoicePdf(view).bytes).equals(Buffer.from(renderInvoicePdf(view).bytes))).toBe(true);
  });

  it('embeds no font for Spanish-only text, and the DejaVu subset only when a name needs it', () => {
    expect(text(renderInvoicePdf(view).bytes)).not.toContain('/FontFile2');
    const emoji = readInvoiceView(sampleInvoice({ lines: 1, customerName: 'Panadería 😀 🧾 Ñandú' }).xml);
    expect(text(renderInvoicePdf(emoji).bytes)).toContain('/FontFile2');
  });
});
