// Zip writer/reader round trip and its bounds, DIAN file names, and facts read from a document.
import { deflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { buildCase, invoiceCases } from '@fe/dian-domain/test-fixtures';
import { dianFileNames, packageDocument, readDocumentFacts, readZip, writeZip } from '../src/index.ts';

describe('zip', () => {
  const at = new Date('2026-03-10T15:15:00Z');
  it('round-trips entries with UTF-8 names and binary data', () => {
    const entries = [{ name: 'fvñ.xml', data: Buffer.from('<a>ñ</a>') }, { name: 'b.bin', data: Buffer.from([0, 255, 1, 254]) }];
    expect(readZip(writeZip(entries, at)).map((e) => [e.name, Buffer.from(e.data).toString('hex')]))
      .toEqual(entries.map((e) => [e.name, e.data.toString('hex')]));
  });
  it('refuses garbage, a corrupted entry and too many entries with ZIP_INVALID', () => {
    expect(() => readZip(Buffer.from('no zip'))).toThrow(expect.objectContaining({ code: 'ZIP_INVALID' }));
    const zip = Buffer.from(writeZip([{ name: 'a.xml', data: Buffer.from('<a/>'.repeat(50)) }], at));
    const deflated = deflateRawSync(Buffer.from('<a/>'.repeat(50)));
    const last = 30 + 'a.xml'.length + deflated.length - 1;
    zip.writeUInt8(zip.readUInt8(last) ^ 0xff, last);
    expect(() => readZip(zip)).toThrow(expect.objectContaining({ code: 'ZIP_INVALID' }));
    const many = writeZip(Array.from({ length: 3 }, (_, i) => ({ name: `${i}.xml`, data: Buffer.from('x') })), at);
    expect(() => readZip(many, { maxEntries: 2, maxEntryBytes: 10 })).toThrow(expect.objectContaining({ code: 'ZIP_INVALID' }));
  });
});

describe('file names (annex §6.5)', () => {
  it('pads the NIT, writes the year and the consecutive in hex', () => {
    expect(dianFileNames({ type: 'fv', nit: '900373076', issueDate: '2026-03-10', consecutive: '990000001' }))
      .toEqual({ xml: 'fv0900373076000263B023381.xml', zip: 'z0900373076000263B023381.zip' });
    expect(dianFileNames({ type: 'nc', nit: '1', providerCode: '123', issueDate: '2025-01-01', consecutive: '255' }).xml).toBe('nc000000000112325000000FF.xml');
  });
});

describe('packageDocument', () => {
  it('zips one invoice under names read from the document itself', () => {
    const built = buildCase(invoiceCases[0]!.request, '990000001');
    const packaged = packageDocument(built.xml, { modified: new Date() });
    expect(packaged.facts).toMatchObject({ type: 'fv', id: 'SETP990000001', consecutive: '990000001', issuerNit: '900123456', documentKey: built.cufe });
    expect(packaged.zip.fileName).toBe('z0900123456000263B023381.zip');
    expect(readZip(packaged.zip.content).map((e) => [e.name, Buffer.from(e.data).toString('utf8') === built.xml])).toEqual([[packaged.xmlFileName, true]]);
  });
  it('refuses what is not a UBL document', () => {
    expect(() => readDocumentFacts('<x/>')).toThrow(expect.objectContaining({ code: 'DOCUMENT_INVALID' }));
    expect(() => readDocumentFacts('not xml')).toThrow(expect.objectContaining({ code: 'DOCUMENT_INVALID' }));
  });
});
