import { demoSoftware, demoTenant } from '@fe/dian-domain';
import { buildEventCase, eventCases } from '@fe/dian-domain/testing';
import { describe, expect, it } from 'vitest';
import { makeTestIdentity } from '../../test-support/in-memory-credential.ts';
import { loadP12 } from '../certificates/load-p12.ts';
import { createXadesSigner } from '../signing/xades-signer.ts';
import { formatReport } from './report.ts';
import { verifySignedEvent } from './verify-signed-event.ts';

// The auditor's check of a signed RADIAN event: signature, certificate (chain, owner) and the CUDE recomputed with the
// software PIN; each broken copy fails on its own line.
const issuedAt = new Date('2026-03-14T15:20:05Z');
const identity = makeTestIdentity(); // self-signed, naming the demo tenant's NIT
const signer = createXadesSigner(loadP12(identity.p12, identity.password, issuedAt));
const built = buildEventCase(eventCases['034'], issuedAt);
const xml = signer.sign(built.xml, { signingTime: issuedAt }).xml;
const options = { trustedPem: identity.certPem, pin: demoSoftware.pin, owners: [demoTenant.nit] };
const failed = (report: ReturnType<typeof verifySignedEvent>) => report.checks.filter((c) => c.ok === false);

describe('verifySignedEvent', () => {
  it("passes the tenant's signed 034: its signature, its certificate and owner, its CUDE", () => {
    const report = verifySignedEvent(xml, options);
    expect(failed(report)).toEqual([]);
    expect(report.checks[0]).toEqual({ name: 'document', ok: true, detail: `event 034 ACT1, CUDE ${built.cude}` });
    expect(report.checks.find((c) => c.name === 'CUDE')).toMatchObject({ ok: true });
    expect(report.checks.find((c) => c.name === 'chain')).toMatchObject({ ok: true });
    expect(report.checks.find((c) => c.name === 'certificate owner (ZE03)')).toMatchObject({ ok: true });
    expect(report.valid).toBe(true);
  });

  it('passes a blank endorsement (037, @listID 2), whose CUDE leaves the endorser out', () => {
    const blank = { ...eventCases['037'], endorsement: { ...eventCases['037'].endorsement!, kind: '2' as const } };
    const endorsed = signer.sign(buildEventCase(blank, issuedAt).xml, { signingTime: issuedAt }).xml;
    expect(failed(verifySignedEvent(endorsed, options))).toEqual([]);
  });

  it('fails a CUDE recomputed with another PIN, and never prints the PIN', () => {
    const report = verifySignedEvent(xml, { ...options, pin: '54321' });
    expect(failed(report).map((c) => c.name)).toEqual(['CUDE']);
    expect(formatReport(report)).not.toContain('54321');
  });

  it('fails an edited field (the signature) and a certificate of someone else or of an untrusted CA', () => {
    const edited = xml.replace('<cbc:ID>ACT1</cbc:ID>', '<cbc:ID>ACT2</cbc:ID>');
    expect(edited).not.toBe(xml);
    expect(failed(verifySignedEvent(edited, options)).map((c) => c.name)).toEqual(
      expect.arrayContaining(['reference 1 (URI="")', 'CUDE']),
    );
    expect(failed(verifySignedEvent(xml, { ...options, owners: ['800197268'] })).map((c) => c.name)).toEqual([
      'certificate owner (ZE03)',
    ]);
    const other = makeTestIdentity();
    expect(failed(verifySignedEvent(xml, { ...options, trustedPem: other.certPem })).map((c) => c.name)).toEqual([
      'chain',
    ]);
  });

  it('says what is wrong with a document that is not a signed event', () => {
    expect(verifySignedEvent(built.xml, options).checks).toEqual([
      { name: 'signature', ok: false, detail: '0 ds:Signature elements (expected 1)' },
    ]);
    expect(verifySignedEvent('<Invoice xmlns="urn:x"/>', options).valid).toBe(false);
    expect(verifySignedEvent('<not xml', options).checks[0]).toMatchObject({ name: 'document', ok: false });
  });
});
