// Zip writer/reader round trip and its bounds, DIAN file names, and facts read from a document.
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
  dianFileNames,
  packageDocument,
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

describe('file names (annex §6.5)', () => {
  it('pads the NIT, writes the year and the consecutive in hex', () => {
    expect(dianFileNames({ type: 'fv', nit: '900373076', issueDate: '2026-03-10', consecutive: '990000001' })).toEqual({
      xml: 'fv0900373076000263B023381.xml',
      zip: 'z0900373076000263B023381.zip',
    });
    expect(
      dianFileNames({ type: 'nc', nit: '1', providerCode: '123', issueDate: '2025-01-01', consecutive: '255' }).xml,
    ).toBe('nc000000000112325000000FF.xml');
  });
});

describe('packageDocument', () => {
  it('zips one invoice under names read from the document itself', () => {
    const built = buildCase(invoiceCases[0]!.request, '990000001');
    const packaged = packageDocument(built.xml, { modified: new Date() });
    expect(packaged.facts).toMatchObject({
      type: 'fv',
      id: 'SETP990000001',
      consecutive: '990000001',
      issuerNit: '900123456',
      documentKey: built.cufe,
    });
    expect(packaged.zip.fileName).toBe('z0900123456000263B023381.zip');
    expect(
      readZip(packaged.zip.content).map((e) => [e.name, Buffer.from(e.data).toString('utf8') === built.xml]),
    ).toEqual([[packaged.xmlFileName, true]]);
  });
  it('names a credit note nc… and a debit note nd… (annex §6.5), keyed by its CUDE', () => {
    const invoice = invoiceCases[0]!.request;
    const credit = buildNoteCase(
      creditNoteContent({ invoice: { cufe: 'c'.repeat(96) }, concept: '2' }, invoice),
      '255',
    );
    const debit = buildNoteCase(
      debitNoteContent({ invoice: { cufe: 'c'.repeat(96) }, concept: '1', lines: [invoice.lines[0]!] }, invoice),
      '256',
    );
    const nc = packageDocument(credit.xml, { modified: new Date() });
    expect(nc.facts).toMatchObject({
      type: 'nc',
      id: 'NC255',
      consecutive: '255',
      issueDate: '2026-03-12',
      documentKey: credit.cude,
      issuerNit: '900123456',
    });
    expect([nc.xmlFileName, nc.zip.fileName]).toEqual([
      'nc090012345600026000000FF.xml',
      'z090012345600026000000FF.zip',
    ]);
    const nd = packageDocument(debit.xml, { modified: new Date() });
    expect(nd.facts).toMatchObject({ type: 'nd', id: 'ND256', documentKey: debit.cude });
    expect([nd.xmlFileName, nd.zip.fileName]).toEqual([
      'nd09001234560002600000100.xml',
      'z09001234560002600000100.zip',
    ]);
  });
  it("names a RADIAN event ar… after its sender, with its CUDE's first 8 hex digits for the consecutive", () => {
    const receipt = buildEventCase(eventCases['032']);
    const acknowledgement = buildEventCase(eventCases['030']);
    const packaged = packageDocument(receipt.xml, { modified: new Date() });
    expect(packaged.facts).toMatchObject({
      type: 'ar',
      id: 'RBS1',
      issueDate: '2026-03-14',
      documentKey: receipt.cude,
      issuerNit: '900373115',
    });
    const hex = receipt.cude.slice(0, 8).toUpperCase();
    expect([packaged.xmlFileName, packaged.zip.fileName]).toEqual([
      `ar090037311500026${hex}.xml`,
      `z090037311500026${hex}.zip`,
    ]);
    // ACR1 and RBS1 share their digits; their names do not.
    expect(packageDocument(acknowledgement.xml, { modified: new Date() }).xmlFileName).not.toBe(packaged.xmlFileName);
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
