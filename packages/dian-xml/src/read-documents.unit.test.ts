// The typed readers on DIAN-shaped documents: the unsigned examples in spec/dian/examples/own
// (their README gives the CUFE/CUDE inputs checked here) and a hand-written answer and container.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { applicationResponseXml, attachedDocumentXml } from '../test-support/application-response.ts';
import { UnexpectedDocumentError } from './documents.ts';
import { readApplicationResponse } from './read-application-response.ts';
import { readAttachedDocument } from './read-attached-document.ts';
import { readInvoiceDocument } from './read-invoice-document.ts';
import { readNoteDocument } from './read-note-document.ts';
import { XmlParseError } from './xml-tree.ts';

const examples = join(import.meta.dirname, '../../../spec/dian/examples/own');
const invoiceXml = readFileSync(join(examples, 'invoice-unsigned-example.xml'), 'utf8');
const creditNoteXml = readFileSync(join(examples, 'creditnote-unsigned-example.xml'), 'utf8');
const CUFE = '4798fcead6a0af811f391a0aa43e6b52e6c1989704dcb3d0930ac8e95bd2be6a7b18ab4976bc3b76f237d082c696a3e3';
const CUDE = '4b143431478e18ba8249f37cf542c276cd8bcdddeed44fc193a450fc8d8657cbeef357e0c1a9a5ff53935237a1e68596';

describe('readInvoiceDocument', () => {
  it('reads the fields the CUFE is made of', () => {
    expect(readInvoiceDocument(invoiceXml)).toMatchObject({
      kind: 'invoice',
      number: 'SETP990001234',
      key: CUFE,
      keyScheme: 'CUFE-SHA384',
      issueDate: '2025-03-10',
      issueTime: '10:15:00-05:00',
      environment: '2',
      supplierNit: '900123456',
      customerId: '1020304050',
      lineExtensionAmount: '120000.00',
      payableAmount: '140000.00',
      taxAmounts: { '01': '20000.00' },
    });
  });

  it('refuses a note, and XML that is not well-formed', () => {
    expect(() => readInvoiceDocument(creditNoteXml)).toThrow(UnexpectedDocumentError);
    expect(() => readInvoiceDocument('<Invoice><cbc:ID>1</cbc:ID></Invoice>')).toThrow(XmlParseError);
  });
});

describe('readNoteDocument', () => {
  it('reads the CUDE fields, the concept and the invoice the note corrects', () => {
    expect(readNoteDocument(creditNoteXml)).toMatchObject({
      kind: 'credit_note',
      number: 'NC1001',
      key: CUDE,
      issueDate: '2025-03-12',
      issueTime: '08:30:00-05:00',
      supplierNit: '900123456',
      customerId: '1020304050',
      lineExtensionAmount: '100000.00',
      payableAmount: '119000.00',
      taxAmounts: { '01': '19000.00' },
      responseCode: '1',
      invoice: { number: 'SETP990001234', cufe: CUFE, issueDate: '2025-03-10' },
    });
  });

  it('reads a debit note, its totals in RequestedMonetaryTotal', () => {
    const debit = creditNoteXml
      .replaceAll('CreditNote', 'DebitNote')
      .replaceAll('LegalMonetaryTotal', 'RequestedMonetaryTotal');
    expect(readNoteDocument(debit)).toMatchObject({ kind: 'debit_note', payableAmount: '119000.00' });
  });

  it('refuses an invoice', () => {
    expect(() => readNoteDocument(invoiceXml)).toThrow(UnexpectedDocumentError);
  });
});

describe('readApplicationResponse', () => {
  it("reads DIAN's verdict, who signed it, the document it speaks of and its line responses", () => {
    expect(readApplicationResponse(applicationResponseXml('02', 'SETP990001234', CUFE))).toMatchObject({
      id: '4242',
      issueDate: '2026-03-10',
      issueTime: '15:16:00-05:00',
      senderNit: '800197268',
      responseCode: '02',
      description: 'Documento validado por la DIAN',
      documentNumber: 'SETP990001234',
      documentKey: CUFE,
      lineResponses: [
        {
          code: 'FAJ44b',
          description: 'Nit o Documento de Identificación informado No se encuentra registrado en el RUT.',
        },
      ],
    });
  });
});

describe('readAttachedDocument', () => {
  it('reads the embedded document (CDATA) and answer (escaped text) as the text they were', () => {
    const ar = applicationResponseXml('02', 'SETP990001234', CUFE);
    const read = readAttachedDocument(attachedDocumentXml(invoiceXml, ar, CUFE));
    expect(read).toMatchObject({
      issueDate: '2026-03-10',
      documentKey: CUFE,
      senderNit: '900123456',
      receiverId: '1020304050',
    });
    expect(read.documentXml).toBe(invoiceXml);
    expect(read.applicationResponseXml).toBe(ar);
    expect(readInvoiceDocument(read.documentXml!).key).toBe(CUFE);
  });
});
