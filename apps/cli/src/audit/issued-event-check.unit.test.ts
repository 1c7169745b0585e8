// The audit of a RADIAN event the service issued, on real documents: a 034 built by @fe/dian-domain and signed by
// @fe/xades with a test certificate naming the tenant's NIT, DIAN's answer signed by the simulator's signer. The
// untouched pair passes; each tampered copy (the document, the recorded event, the registry's PIN, DIAN's answer)
// fails with its code.
import type { RadianEventRegistration } from '@fe/contracts';
import { createApplicationResponseSigner, ephemeralIdentity } from '@fe/dian-simulator';
import { buildEventApplicationResponse, demoSoftware, demoTenant, type SoftwareRegistration } from '@fe/dian-domain';
import { ublNamespaces as ns, XML_DECLARATION } from '@fe/dian-domain/primitives';
import { EVENT_INVOICE, eventCases } from '@fe/dian-domain/testing';
import { createXadesSigner, loadP12 } from '@fe/xades';
import { makeTestIdentity } from '@fe/xades/testing';
import { describe, expect, it } from 'vitest';
import { checkIssuedEvent, issuedRecord, type IssuedEventContext } from './issued-event-check.ts';

const issuedAt = new Date('2026-03-19T15:20:05Z');
const tenantIdentity = makeTestIdentity(); // names the demo tenant's NIT
const dian = ephemeralIdentity(issuedAt);
const keys = { event: 'demo/SETP990000001.034.xml', answer: 'demo/SETP990000001.034.application-response.xml' };

function signedEvent(software: SoftwareRegistration = demoSoftware, identity = tenantIdentity) {
  const built = buildEventApplicationResponse({ content: eventCases['034'], software, environment: '2', issuedAt });
  if (!built.ok) throw new Error(built.error.code);
  const signer = createXadesSigner(loadP12(identity.p12, identity.password, issuedAt));
  return { built: built.value, xml: signer.sign(built.value.xml, { signingTime: issuedAt }).xml };
}

/** DIAN's answer to an event as the simulator writes it (canonical text, signed by its own signer). */
function dianAnswer(code: string, eventId: string, cude: string, identity = dian): string {
  const unsigned =
    `${XML_DECLARATION}<ApplicationResponse xmlns="urn:oasis:names:specification:ubl:schema:xsd:ApplicationResponse-2"` +
    ` xmlns:cac="${ns.cac}" xmlns:cbc="${ns.cbc}" xmlns:ds="${ns.ds}" xmlns:ext="${ns.ext}" xmlns:sts="${ns.sts}"` +
    ` xmlns:xades="${ns.xades}" xmlns:xades141="${ns.xades141}"><ext:UBLExtensions></ext:UBLExtensions>` +
    '<cbc:UBLVersionID>UBL 2.1</cbc:UBLVersionID><cbc:ID>EV1</cbc:ID><cbc:IssueDate>2026-03-19</cbc:IssueDate>' +
    '<cac:SenderParty><cac:PartyTaxScheme><cbc:CompanyID>800197268</cbc:CompanyID></cac:PartyTaxScheme></cac:SenderParty>' +
    `<cac:DocumentResponse><cac:Response><cbc:ResponseCode>${code}</cbc:ResponseCode></cac:Response>` +
    `<cac:DocumentReference><cbc:ID>${eventId}</cbc:ID><cbc:UUID schemeName="CUDE-SHA384">${cude}</cbc:UUID>` +
    '</cac:DocumentReference></cac:DocumentResponse></ApplicationResponse>';
  return createApplicationResponseSigner(identity).sign(unsigned, issuedAt);
}

const { built, xml } = signedEvent();
const registration: RadianEventRegistration = {
  code: '034',
  name: 'Aceptación Tácita',
  event_id: built.id,
  cude: built.cude,
  issue_date: built.issueDate,
  issue_time: built.issueTime,
  sender: { nit: demoTenant.nit, name: demoTenant.legalName },
  issued_by_us: true,
  event_key: keys.event,
  event_sha256: 'a'.repeat(64),
  application_response_key: keys.answer,
};

function audit(
  changes: { event?: string; answer?: string; recorded?: Partial<RadianEventRegistration>; pin?: string } = {},
) {
  const files = new Map([
    [keys.event, Buffer.from(changes.event ?? xml)],
    [keys.answer, Buffer.from(changes.answer ?? dianAnswer('02', built.id, built.cude))],
  ]);
  const context: IssuedEventContext = {
    invoice: { cufe: EVENT_INVOICE.cufe, number: EVENT_INVOICE.id },
    files,
    trust: {
      trustedPem: tenantIdentity.certPem,
      technicalKey: undefined,
      softwarePin: changes.pin ?? demoSoftware.pin,
      owners: [demoTenant.nit, demoSoftware.providerNit],
    },
    dianTrustedPem: dian.certificatePem,
  };
  const record = issuedRecord({ ...registration, ...changes.recorded });
  const findings = record ? checkIssuedEvent('inv-demo-SETP990000001', record, context) : [];
  return { findings, codes: [...new Set(findings.map((f) => f.code))].sort() };
}

describe('checkIssuedEvent', () => {
  it('passes the signed 034 and DIAN’s answer as stored', () => {
    expect(audit().findings).toEqual([]);
  });

  it('finds the stored document edited: its signature breaks, its CUDE and number no longer hold', () => {
    const edited = xml.replace(`<cbc:ID>${built.id}</cbc:ID>`, '<cbc:ID>ACT9</cbc:ID>');
    expect(edited).not.toBe(xml);
    const { findings, codes } = audit({ event: edited });
    expect(codes).toEqual(['RADIAN_EVENT_CUDE_MISMATCH', 'RADIAN_EVENT_MISMATCH', 'SIGNATURE_INVALID']);
    expect(findings).toContainEqual({
      code: 'RADIAN_EVENT_MISMATCH',
      subject: 'inv-demo-SETP990000001',
      detail: "event 034 ACT1: the signed event's number is ACT9, the stream records ACT1",
    });
  });

  it('finds an event signed with a certificate that is not the tenant’s (another CA, another NIT)', () => {
    const stranger = makeTestIdentity({ nit: '800555555' });
    const { findings, codes } = audit({ event: signedEvent(demoSoftware, stranger).xml });
    expect(codes).toEqual(['SIGNATURE_INVALID']);
    expect(findings.map((f) => f.detail)).toEqual([
      'event 034 ACT1: signed event: chain: not issued by a trusted certificate',
      'event 034 ACT1: signed event: certificate owner (ZE03): names none of NIT 900123456',
    ]);
  });

  it("finds a CUDE that is not the software PIN's: a document built with another PIN, or the registry's changed", () => {
    const otherPin = signedEvent({ ...demoSoftware, pin: '99999' });
    // Recorded and answered as the submitter and DIAN would have: only the recomputation tells.
    const fromOtherPin = audit({
      event: otherPin.xml,
      answer: dianAnswer('02', built.id, otherPin.built.cude),
      recorded: { cude: otherPin.built.cude },
    });
    expect(fromOtherPin.codes).toEqual(['RADIAN_EVENT_CUDE_MISMATCH']);
    const registryChanged = audit({ pin: '54321' });
    expect(registryChanged.findings.map((f) => f.detail)).toEqual([
      expect.stringMatching(/^event 034 ACT1: signed event: CUDE: recomputed [0-9a-f]{96}, cbc:UUID says /),
    ]);
    expect(JSON.stringify(registryChanged.findings)).not.toContain('54321');
  });

  it('finds the recorded event edited: its CUDE, number, date, sender, or the invoice it is about', () => {
    expect(audit({ recorded: { cude: 'f'.repeat(96) } }).codes).toEqual([
      'APPLICATION_RESPONSE_MISMATCH', // DIAN answered about the document's CUDE
      'RADIAN_EVENT_CUDE_MISMATCH',
    ]);
    expect(audit({ recorded: { issue_date: '2026-03-18' } }).findings.map((f) => f.detail)).toEqual([
      "event 034 ACT1: the signed event's issue date is 2026-03-19, the stream records 2026-03-18",
    ]);
    expect(audit({ recorded: { sender: { nit: '900108281' } } }).codes).toEqual(['RADIAN_EVENT_MISMATCH']);
    expect(audit({ recorded: { code: '033' } }).codes).toEqual(['RADIAN_EVENT_MISMATCH']);
  });

  it("finds DIAN's answer forged with another key, refusing the event, or about another CUDE", () => {
    const forged = audit({ answer: dianAnswer('02', built.id, built.cude, ephemeralIdentity(issuedAt)) });
    expect(forged.findings.map((f) => [f.code, f.detail])).toEqual([
      [
        'APPLICATION_RESPONSE_UNTRUSTED',
        "event 034 ACT1: DIAN's ApplicationResponse: chain: not issued by a trusted certificate",
      ],
    ]);
    expect(audit({ answer: dianAnswer('04', built.id, built.cude) }).codes).toEqual(['APPLICATION_RESPONSE_MISMATCH']);
    expect(audit({ answer: dianAnswer('02', built.id, 'e'.repeat(96)) }).findings.map((f) => f.detail)).toEqual([
      `event 034 ACT1: DIAN's answer refers to CUDE ${'e'.repeat(96)}`,
    ]);
    const edited = dianAnswer('02', built.id, built.cude).replace('<cbc:ID>EV1</cbc:ID>', '<cbc:ID>EV2</cbc:ID>');
    expect(audit({ answer: edited }).codes).toEqual(['SIGNATURE_INVALID']);
  });

  it('checks nothing on an event learned from DIAN (no document), nor on a document already missing', () => {
    const learned = { issued_by_us: false, event_key: undefined, event_sha256: undefined };
    expect(audit({ recorded: learned }).findings).toEqual([]);
    expect(audit({ recorded: { event_key: 'demo/absent.xml' } }).findings).toEqual([]);
  });
});
