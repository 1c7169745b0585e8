// A credit note's and a debit note's PDF read back by poppler and jsQR (test-support/read-pdf.ts):
// the title, the number, the CUDE, the invoice corrected, the concept, the lines, the totals, the QR.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { InvoiceRequestInput } from '@fe/contracts';
import { buildNoteCase, creditNoteContent, debitNoteContent } from '@fe/dian-domain/testing';
import { afterAll, describe, expect, it } from 'vitest';
import { readInvoiceView, renderInvoicePdf } from '../src/index.ts';
import {
  creditNoteCude,
  creditNoteXml,
  debitNoteCude,
  debitNoteXml,
  referencedInvoiceCufe,
  signNote,
} from '../test-support/note-fixtures.ts';
import { decodeQr, pdfText } from '../test-support/read-pdf.ts';

const dir = mkdtempSync(join(tmpdir(), 'fe-renderer-notes-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function render(name: string, xml: string) {
  const view = readInvoiceView(signNote(xml), {
    validatedAt: '2025-03-12T08:30:05-05:00',
    softwareProviderName: 'EMPRESA DE EJEMPLO S.A.S. (software propio)',
  });
  const { bytes, pageCount } = renderInvoicePdf(view);
  const file = join(dir, `${name}.pdf`);
  writeFileSync(file, bytes);
  return { view, file, pageCount, text: pdfText(file) };
}

describe("a credit note's PDF, read back", () => {
  const { view, file, pageCount, text } = render('credit-note', creditNoteXml);

  it('is titled as a credit note, with its number and its CUDE labelled CUDE', () => {
    expect(pageCount).toBe(1);
    expect(text).toContain('NOTA CRÉDITO ELECTRÓNICA');
    expect(text).not.toContain('FACTURA ELECTRÓNICA DE VENTA');
    expect(text).toContain('No. NC1001');
    expect(text).toMatch(new RegExp(`CUDE:\\s+${creditNoteCude}`));
    expect(text).not.toContain('CUFE ' + creditNoteCude);
    expect(text).toContain('12/03/2025');
  });

  it('names the invoice it corrects (number, date, CUFE), the concept with its DIAN name and the description', () => {
    expect(text).toContain('FACTURA REFERENCIADA');
    expect(text).toContain('No. SETP990001234 del 10/03/2025');
    expect(text).toContain(referencedInvoiceCufe);
    expect(text).toContain('Factura referenciada');
    expect(text).toMatch(/Concepto:\s+1 Devolución parcial de los bienes y\/o no aceptación parcial del servicio/);
    expect(text).toMatch(/Descripción:\s+Devolución parcial/);
    expect(text).not.toContain('Autorización de numeración'); // a note has no numbering authorization
  });

  it('carries the buyer, the lines, the totals and the legal texts of a note', () => {
    expect(text).toContain('PERSONA NATURAL DE EJEMPLO');
    expect(text).toContain('SRV-001');
    expect(text).toContain('Servicio de ejemplo gravado al 19%');
    expect(text).toMatch(/TOTAL NOTA CRÉDITO\s+\$ 119\.000,00/);
    expect(text).not.toContain('TOTAL A PAGAR');
    expect(text).toContain('CIENTO DIECINUEVE MIL PESOS');
    expect(text).toContain('Representación gráfica de la nota crédito electrónica');
    expect(text).toContain('Página 1 de 1');
  });

  it("has a QR that decodes, from the rasterised page, to the note's QR text", () => {
    expect(decodeQr(file, dir)).toBe(view.qrContent);
    expect(view.qrContent).toContain(`CUDE: ${creditNoteCude}`);
  });
});

describe("a debit note's PDF, read back", () => {
  const { text } = render('debit-note', debitNoteXml);

  it('is titled as a debit note, with its CUDE, the invoice it corrects, the concept and its total', () => {
    expect(text).toContain('NOTA DÉBITO ELECTRÓNICA');
    expect(text).toContain('No. ND1001');
    expect(text).toMatch(new RegExp(`CUDE:\\s+${debitNoteCude}`));
    expect(text).toContain(referencedInvoiceCufe);
    expect(text).toMatch(/Concepto:\s+1 Intereses/);
    expect(text).toContain('Intereses de mora: pago recibido 30 días después del vencimiento');
    expect(text).toMatch(/TOTAL NOTA DÉBITO\s+\$ 119\.000,00/);
    expect(text).toContain('Representación gráfica de la nota débito electrónica');
  });
});

describe('notes on an invoice with line discounts and charges (examples/invoice-discounts.json)', () => {
  const invoice = JSON.parse(
    readFileSync(new URL('../../../examples/invoice-discounts.json', import.meta.url), 'utf8'),
  ) as InvoiceRequestInput;
  const credit = buildNoteCase(creditNoteContent({ invoice: { cufe: referencedInvoiceCufe }, concept: '2' }, invoice));
  const debit = buildNoteCase(
    debitNoteContent({ invoice: { cufe: referencedInvoiceCufe }, concept: '4', lines: invoice.lines }, invoice),
  );

  for (const [name, built] of [
    ['credit', credit],
    ['debit', debit],
  ] as const) {
    it(`a ${name} note prints each line's discount or charge with its reason, no absent tax, the city once`, () => {
      const file = join(dir, `discounts-${name}.pdf`);
      writeFileSync(file, renderInvoicePdf(readInvoiceView(built.xml)).bytes);
      const text = pdfText(file);
      expect(text).toMatch(
        /Descuento no condicionado del 10 % sobre \$ 7\.500\.000,00: Descuento por volumen\s+-750\.000,00/,
      );
      expect(text).toMatch(/Cargo sobre \$ 360\.000,00: Servicio urgente\s+\+60\.000,00/);
      expect(text).not.toMatch(/\bINC\b/);
      expect(text).toContain('Proveedor del software: EMPRESA DEMO S.A.S. · NIT 900.123.456-8');
      const address = text.split('\n').find((row) => row.includes('Carrera 7 # 71 - 21'))!;
      expect(address.match(/bogot/gi)).toHaveLength(1);
    });
  }
});
