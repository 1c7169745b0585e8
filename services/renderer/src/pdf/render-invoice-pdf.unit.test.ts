import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { readInvoiceView } from '../invoice-view/read-invoice-view.ts';
import { sampleInvoice, sampleReadOptions } from '../samples/sample-invoices.ts';
import { renderInvoicePdf } from './render-invoice-pdf.ts';

const header = (bytes: Uint8Array) => Buffer.from(bytes.subarray(0, 8)).toString('latin1');
const text = (bytes: Uint8Array) => Buffer.from(bytes).toString('latin1');

/** Each stream's dictionary and inflated content (the renderer deflates every stream it writes). */
function streams(pdf: string): { dictionary: string; content: string }[] {
  return [...pdf.matchAll(/<<([^]*?)>>\nstream\n/g)].map((m) => {
    const start = m.index + m[0].length;
    const raw = Buffer.from(pdf.slice(start, pdf.indexOf('\nendstream', start)), 'latin1');
    return { dictionary: m[1]!, content: inflateSync(raw).toString('latin1') };
  });
}

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

  it("has an xref table whose every offset points at its object (pdfkit's output, collected in memory)", () => {
    const pdf = text(renderInvoicePdf(readInvoiceView(sampleInvoice({ lines: 120 }).xml, sampleReadOptions)).bytes);
    const xref = Number(/startxref\n(\d+)\n%%EOF/.exec(pdf)![1]);
    expect(pdf.startsWith('xref\n', xref)).toBe(true);
    const offsets = [...pdf.slice(xref).matchAll(/^(\d{10}) 00000 n $/gm)].map((m) => Number(m[1]));
    expect(offsets.length).toBeGreaterThan(20);
    offsets.forEach((offset, i) => expect(pdf.startsWith(`${i + 1} 0 obj`, offset)).toBe(true));
  });

  it("deflates each page's content (pdfkit's flip first, then the canvas's operators) and the QR form", () => {
    const all = streams(
      text(renderInvoicePdf(readInvoiceView(sampleInvoice({ lines: 120 }).xml, sampleReadOptions)).bytes),
    );
    const pages = all.filter((s) => s.content.startsWith('1 0 0 -1 0 792 cm\n'));
    expect(pages).toHaveLength(4);
    pages.forEach((page, i) => {
      expect(page.dictionary).toContain('/Filter /FlateDecode');
      expect(page.content).toMatch(/\nBT\n\/S\d [\d.]+ Tf\n/);
      expect(page.content).toContain(`[(P) 40 (\u00e1gina ${i + 1} de 4)] TJ`); // kerned P-á, as pdfkit wrote it
    });
    const qr = all.filter((s) => s.dictionary.includes('/Subtype /Form'));
    expect(qr).toHaveLength(1);
    expect(qr[0]!.content).toMatch(/^0 0 0 rg\n(\d+ \d+ \d+ 1\.02 re\n)+f$/);
  });
});
