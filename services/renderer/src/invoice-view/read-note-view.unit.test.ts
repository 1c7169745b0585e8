import { editElementContent, withoutElement } from '@fe/dian-xml/testing';
import { describe, expect, it } from 'vitest';
import {
  creditNoteCude,
  creditNoteXml,
  debitNoteCude,
  debitNoteXml,
  referencedInvoiceCufe,
  signNote,
} from '../../test-support/note-fixtures.ts';
import { readInvoiceView } from './read-invoice-view.ts';

const referencedInvoice = { documentId: 'SETP990001234', cufe: referencedInvoiceCufe, issueDate: '2025-03-10' };

describe('readInvoiceView of a credit note', () => {
  const view = readInvoiceView(signNote(creditNoteXml));

  it("reads the note's identity, its CUDE, and no numbering authorization (notes have none)", () => {
    expect(view).toMatchObject({
      kind: 'credit_note',
      documentId: 'NC1001',
      cufe: creditNoteCude,
      environment: '2',
      issueDate: '2025-03-12',
      issueTime: '08:30:00-05:00',
      signed: true,
    });
    expect(view.resolution).toBeUndefined();
  });

  it('reads the concept, its description and the invoice it corrects', () => {
    expect(view.note).toEqual({
      concept: '1',
      description: 'Devolución parcial de los bienes y/o no aceptación parcial del servicio',
      referencedInvoice,
    });
  });

  it('reads CreditNoteLine with CreditedQuantity, and LegalMonetaryTotal', () => {
    expect(view.lines.map((l) => [l.id, l.code, l.quantity, l.unitCode, l.unitPrice, l.base, l.total])).toEqual([
      ['1', 'SRV-001', '2.00', '94', '50000.00', '100000.00', '119000.00'],
    ]);
    expect(view.totals).toMatchObject({
      lineExtension: '100000.00',
      taxInclusive: '119000.00',
      payable: '119000.00',
      byTaxCode: { '01': '19000.00' },
    });
  });

  it('rebuilds the QR from the signed fields when sts:QRCode holds only the URL, naming the key CUDE', () => {
    expect(view.qrContent.split('\n')).toEqual([
      'NumFac: NC1001',
      'FecFac: 2025-03-12',
      'HorFac: 08:30:00-05:00',
      'NitFac: 900123456',
      'DocAdq: 1020304050',
      'ValFac: 100000.00',
      'ValIva: 19000.00',
      'ValOtroIm: 0.00',
      'ValTolFac: 119000.00',
      `CUDE: ${creditNoteCude}`,
      `https://catalogo-vpfe-hab.dian.gov.co/document/searchqr?documentkey=${creditNoteCude}`,
    ]);
  });

  it('prints the QR text that was signed when sts:QRCode carries labelled text', () => {
    const labelled = `NumNC: NC1001\nCUDE: ${creditNoteCude}`;
    const xml = editElementContent(creditNoteXml, 'sts:QRCode', () => labelled);
    expect(readInvoiceView(xml).qrContent).toBe(labelled);
  });

  it('refuses a note without its concept or its referenced invoice (MISSING_FIELD)', () => {
    expect(() => readInvoiceView(withoutElement(creditNoteXml, 'cbc:ResponseCode'))).toThrow(
      expect.objectContaining({ code: 'MISSING_FIELD' }),
    );
    expect(() => readInvoiceView(withoutElement(creditNoteXml, 'cac:BillingReference'))).toThrow(
      expect.objectContaining({ code: 'MISSING_FIELD' }),
    );
  });
});

describe('readInvoiceView of a debit note', () => {
  const view = readInvoiceView(signNote(debitNoteXml));

  it('reads DebitNoteLine with DebitedQuantity, RequestedMonetaryTotal, the concept and the referenced invoice', () => {
    expect(view).toMatchObject({ kind: 'debit_note', documentId: 'ND1001', cufe: debitNoteCude });
    expect(view.note).toEqual({
      concept: '1',
      description: 'Intereses de mora: pago recibido 30 días después del vencimiento',
      referencedInvoice,
    });
    expect(view.lines.map((l) => [l.quantity, l.base, l.total])).toEqual([['2.00', '100000.00', '119000.00']]);
    expect(view.totals).toMatchObject({ lineExtension: '100000.00', payable: '119000.00' });
  });

  it("does not take a LegalMonetaryTotal for a debit note's totals", () => {
    const legal = debitNoteXml.replaceAll('RequestedMonetaryTotal', 'LegalMonetaryTotal');
    expect(() => readInvoiceView(legal)).toThrow(expect.objectContaining({ code: 'MISSING_FIELD' }));
  });
});
