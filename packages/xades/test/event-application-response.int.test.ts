// RADIAN events: each supported event built by @fe/dian-domain, signed here, is valid against DIAN's
// ApplicationResponse XSD (xmllint), its signature verifies with xmlsec1, and it reads back with the CUDE this test
// computes itself. Broken copies prove both checkers live.
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoSoftware } from '@fe/dian-domain';
import { buildEventCase, eventCases } from '@fe/dian-domain/testing';
import { readEventApplicationResponse } from '@fe/dian-xml';
import { createXadesSigner, loadP12, verifyApplicationResponseSignature, type XadesSigner } from '../src/index.ts';
import { applicationResponseXsd, makeTestCerts, readPem, xmllintXsd, xmlsec1Verify } from '../test-support/index.ts';

let dir: string;
let signer: XadesSigner;
const issuedAt = new Date(); // the test certificate is valid from yesterday

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'fe-events-'));
  makeTestCerts(dir);
  signer = createXadesSigner(loadP12(readFileSync(join(dir, 'tenant.p12')), 'prueba-firma-123', issuedAt));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const write = (name: string, xml: string) => {
  const file = join(dir, `${name}.xml`);
  writeFileSync(file, xml);
  return file;
};
const signed = (code: keyof typeof eventCases) =>
  signer.sign(buildEventCase(eventCases[code], issuedAt).xml, { signingTime: issuedAt }).xml;

describe.each(Object.keys(eventCases) as (keyof typeof eventCases)[])('event %s, signed', (code) => {
  it('is valid against the ApplicationResponse XSD and xmlsec1 verifies its signature', () => {
    const xml = signed(code);
    const file = write(`event-${code}`, xml);
    const xsd = xmllintXsd(file, applicationResponseXsd);
    expect(xsd.ok, xsd.output).toBe(true);
    const xmlsec1 = xmlsec1Verify(file, join(dir, 'ca.pem'));
    expect(xmlsec1.ok, xmlsec1.output).toBe(true);
    const own = verifyApplicationResponseSignature(xml, readPem(dir, 'ca.pem'));
    expect(own.checks.filter((c) => c.ok === false)).toEqual([]);
  });

  it('reads back with the CUDE computed here', () => {
    const read = readEventApplicationResponse(signed(code));
    const input = [
      read.id,
      read.issueDate,
      read.issueTime,
      read.sender.id,
      read.receiver.id,
      read.eventCode,
      read.invoice.id,
      read.invoice.documentTypeCode,
      demoSoftware.pin,
    ].join('');
    expect(read.eventCode).toBe(code);
    expect(read.cude).toBe(createHash('sha384').update(input, 'utf8').digest('hex'));
  });
});

describe('the checkers are live', () => {
  it('xmlsec1 refuses an event changed after signing', () => {
    const xml = signed('033').replace('<cbc:ID>SETP990000001</cbc:ID>', '<cbc:ID>SETP990000002</cbc:ID>');
    expect(xmlsec1Verify(write('tampered', xml), join(dir, 'ca.pem')).ok).toBe(false);
  });

  it('xmllint refuses a Note after the SenderParty (annex §10.2b order)', () => {
    const xml = signed('031');
    const note = xml.slice(xml.indexOf('<cbc:Note>'), xml.indexOf('</cbc:Note>') + '</cbc:Note>'.length);
    const moved = xml.replace(note, '').replace('</cac:SenderParty>', `</cac:SenderParty>${note}`);
    const result = xmllintXsd(write('note-moved', moved), applicationResponseXsd);
    expect(result.ok).toBe(false);
    expect(result.output).toContain('Note');
  });
});
