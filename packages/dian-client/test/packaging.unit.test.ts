// Zip writer/reader round trip and its bounds, a document packaged, and facts read from a document.
import { deflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import {
  buildCase,
  buildEventCase,
  eventCases,
  invoiceCases,
  buildNoteCase,
  creditNoteContent,
  debitNoteContent,
  noteInput,
} from '@fe/dian-domain/testing';
import { noteIdentity, type NoteContent } from '@fe/dian-domain';
import type { InvoiceEvent } from '@fe/contracts';
import { newInvoiceEvent } from '@fe/platform';
import {
  packageDocument,
  packageDocumentOffThread,
  readDocumentFacts,
  readZip,
  recordedDocumentFacts,
  writeZip,
  writeZipOffThread,
} from '../src/index.ts';
import { invoiceRequested } from '../test-support/index.ts';

describe('zip', () => {
  const at = new Date('2026-03-10T15:15:00Z');
  it('round-trips entries with UTF-8 names and binary data', () => {
    const entries = [
      { name: 'fvñ.xml', data: Buffer.from('<a>ñ</a>') },
      { name: 'b.bin', data: Buffer.from([0, 255, 1, 254]) },
    ];
    expect(readZip(writeZip(entries, at)).map((e) => [e.name, Buffer.from(e.data).toString('hex')])).toEqual(
      entries.map((e) => [e.name, e.data.toString('hex')]),
    );
  });
  it('writes the same bytes off the event loop, and keeps a stored entry as it is', async () => {
    const entries = [{ name: 'a.xml', data: Buffer.from('<a/>'.repeat(50)) }];
    expect(Buffer.from(await writeZipOffThread(entries, at))).toEqual(Buffer.from(writeZip(entries, at)));
    const pdf = Buffer.from('%PDF '.repeat(20));
    const zip = Buffer.from(await writeZipOffThread([...entries, { name: 'a.pdf', data: pdf, stored: true }], at));
    expect(zip.includes(pdf)).toBe(true);
    expect(readZip(zip).map((e) => Buffer.from(e.data).toString())).toEqual(['<a/>'.repeat(50), pdf.toString()]);
  });
  it('refuses garbage, a corrupted entry and too many entries with ZIP_INVALID', () => {
    expect(() => readZip(Buffer.from('no zip'))).toThrow(expect.objectContaining({ code: 'ZIP_INVALID' }));
    const zip = Buffer.from(writeZip([{ name: 'a.xml', data: Buffer.from('<a/>'.repeat(50)) }], at));
    const deflated = deflateRawSync(Buffer.from('<a/>'.repeat(50)));
    const last = 30 + 'a.xml'.length + deflated.length - 1;
    zip.writeUInt8(zip.readUInt8(last) ^ 0xff, last);
    expect(() => readZip(zip)).toThrow(expect.objectContaining({ code: 'ZIP_INVALID' }));
    const many = writeZip(
      Array.from({ length: 3 }, (_, i) => ({ name: `${i}.xml`, data: Buffer.from('x') })),
      at,
    );
    expect(() => readZip(many, { maxEntries: 2, maxEntryBytes: 10 })).toThrow(
      expect.objectContaining({ code: 'ZIP_INVALID' }),
    );
  });
});

describe('packageDocument', () => {
  const names = { xml: 'fv0900123456000260000000A.xml', zip: 'z09001234560002600000003.zip' };
  it('zips one signed invoice, untouched, under the names it is given', () => {
    const built = buildCase(invoiceCases[0]!.request, '990000001');
    const packaged = packageDocument(built.xml, { modified: new Date(), names });
    expect(packaged.facts).toMatchObject({
      type: 'fv',
      id: 'SETP990000001',
      issuerNit: '900123456',
      documentKey: built.cufe,
    });
    expect([packaged.xmlFileName, packaged.zip.fileName]).toEqual([names.xml, names.zip]);
    expect(
      readZip(packaged.zip.content).map((e) => [e.name, Buffer.from(e.data).toString('utf8') === built.xml]),
    ).toEqual([[names.xml, true]]);
  });
  it('packages the same zip off the event loop', async () => {
    const built = buildCase(invoiceCases[0]!.request, '990000001');
    const modified = new Date('2026-03-01T10:00:00Z');
    const offThread = packageDocumentOffThread(built.xml, { modified, names });
    expect(offThread).toBeInstanceOf(Promise);
    expect(await offThread).toEqual(packageDocument(built.xml, { modified, names }));
  });
  it('packages the stored bytes as the same zip as the text, and reads their facts', async () => {
    const built = buildCase(invoiceCases[0]!.request, '990000001');
    const modified = new Date('2026-03-01T10:00:00Z');
    const bytes = new TextEncoder().encode(built.xml);
    const expected = packageDocument(built.xml, { modified, names });
    expect(packageDocument(bytes, { modified, names })).toEqual(expected);
    expect(await packageDocumentOffThread(bytes, { modified, names })).toEqual(expected);
  });
  it('reads a credit note as nc, a debit note as nd, keyed by its CUDE', () => {
    const invoice = invoiceCases[0]!.request;
    const credit = buildNoteCase(
      creditNoteContent({ invoice: { cufe: 'c'.repeat(96) }, concept: '2' }, invoice),
      '255',
    );
    const debit = buildNoteCase(
      debitNoteContent({ invoice: { cufe: 'c'.repeat(96) }, concept: '1', lines: [invoice.lines[0]!] }, invoice),
      '256',
    );
    expect(readDocumentFacts(credit.xml)).toMatchObject({
      type: 'nc',
      id: 'NC255',
      issueDate: '2026-03-12',
      documentKey: credit.cude,
      issuerNit: '900123456',
    });
    expect(readDocumentFacts(debit.xml)).toMatchObject({ type: 'nd', id: 'ND256', documentKey: debit.cude });
  });
  it('reads a RADIAN event as ar, from its sender', () => {
    const receipt = buildEventCase(eventCases['032']);
    expect(readDocumentFacts(receipt.xml)).toMatchObject({
      type: 'ar',
      id: 'RBS1',
      issueDate: '2026-03-14',
      documentKey: receipt.cude,
      issuerNit: '900373115',
    });
  });
  it('refuses what is not a UBL document', () => {
    expect(() => readDocumentFacts('<x/>')).toThrow(expect.objectContaining({ code: 'DOCUMENT_INVALID' }));
    expect(() => readDocumentFacts('not xml')).toThrow(expect.objectContaining({ code: 'DOCUMENT_INVALID' }));
  });
});

describe('recordedDocumentFacts', () => {
  const clock = { now: () => new Date('2026-03-12T13:30:00Z') };
  const meta = { tenantId: 'demo', invoiceId: 'demo-note', correlationId: 'r', causationId: 'r' };
  const noteEvent = (content: NoteContent, number: string): InvoiceEvent => {
    const input = noteInput(content, number);
    const id = noteIdentity(input);
    const data = {
      prefix: input.prefix,
      number,
      document_id: id.documentId,
      environment: '2' as const,
      issued_at: id.issuedAt,
      cude: id.cude,
      payable_amount: id.payableAmount,
      referenced_invoice: content.referenced_invoice,
      customer: content.customer,
      payment: content.payment,
      lines: content.lines,
    };
    return content.kind === 'credit'
      ? newInvoiceEvent('CreditNoteRequested', { ...data, request: content.request }, meta, clock)
      : newInvoiceEvent('DebitNoteRequested', { ...data, request: content.request }, meta, clock);
  };

  it("gives a note's facts from its first event exactly as they are read from its XML (nc, nd), and an invoice's (fv)", () => {
    const invoice = invoiceCases[0]!.request;
    const credit = creditNoteContent({ invoice: { cufe: 'c'.repeat(96) }, concept: '2' }, invoice);
    const debit = debitNoteContent(
      { invoice: { cufe: 'c'.repeat(96) }, concept: '1', lines: [invoice.lines[0]!] },
      invoice,
    );
    expect(recordedDocumentFacts([noteEvent(credit, '255')], '900123456')).toEqual(
      readDocumentFacts(buildNoteCase(credit, '255').xml),
    );
    expect(recordedDocumentFacts([noteEvent(debit, '256')], '900123456')).toEqual(
      readDocumentFacts(buildNoteCase(debit, '256').xml),
    );
    expect(recordedDocumentFacts([invoiceRequested()], '900123456')).toMatchObject({
      type: 'fv',
      id: 'SETP990000001',
      documentKey: 'a'.repeat(96),
    });
    expect(recordedDocumentFacts([], '900123456')).toBeUndefined();
  });
});
