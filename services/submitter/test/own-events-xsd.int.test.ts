// The seller's own events as the submitter builds and signs them (own-events/own-event-content.ts, the tenant's
// certificate through @fe/xades): the tacit acceptance (034), the registration as título valor (036) and the
// endorsement (037) are valid against DIAN's ApplicationResponse XSD (xmllint), their signatures verify with xmlsec1,
// their CUDE is the annex's formula recomputed here, and they name the invoice and their receiver.
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildEventApplicationResponse, demoSoftware, demoTenant } from '@fe/dian-domain';
import { readEventApplicationResponse } from '@fe/dian-xml';
import { invoiceStream } from '@fe/platform';
import { createXadesSigner, loadP12 } from '@fe/xades';
import { applicationResponseXsd, makeTestCerts, xmllintXsd, xmlsec1Verify } from '@fe/xades/testing';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { tacitAcceptanceContent, titleEventContent } from '../src/own-events/own-event-content.ts';
import { accepted, requested, signed, submitted } from '../test-support/invoice-events.ts';

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'fe-034-'));
  makeTestCerts(dir);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it("the submitter's 034, signed with the tenant's certificate, passes DIAN's XSD and xmlsec1", () => {
  const issuedAt = new Date(); // the test certificate is valid from yesterday
  const state = [requested(), signed(), submitted(1), accepted()].reduce(
    invoiceStream.evolve,
    invoiceStream.initialState(),
  );
  const built = buildEventApplicationResponse({
    content: tacitAcceptanceContent(demoTenant, state),
    software: demoSoftware,
    environment: '2',
    issuedAt,
  });
  if (!built.ok) throw new Error(built.error.code);
  const credential = loadP12(readFileSync(join(dir, 'tenant.p12')), 'prueba-firma-123', issuedAt);
  const xml = createXadesSigner(credential).sign(built.value.xml, { signingTime: issuedAt }).xml;
  const file = join(dir, 'tacit-acceptance.xml');
  writeFileSync(file, xml);
  const xsd = xmllintXsd(file, applicationResponseXsd);
  expect(xsd.ok, xsd.output).toBe(true);
  const signature = xmlsec1Verify(file, join(dir, 'ca.pem'));
  expect(signature.ok, signature.output).toBe(true);
  const read = readEventApplicationResponse(xml);
  expect(read).toMatchObject({
    eventCode: '034',
    id: 'TACSETP990000001',
    cude: built.value.cude,
    sender: { id: demoTenant.nit },
    receiver: { id: '800197268' },
    invoice: { id: 'SETP990000001', cufe: 'a'.repeat(96), documentTypeCode: '01' },
  });
  expect(read.notes[0]).toContain('Cliente S.A.S. identificado con NIT 900108281');
});

it("the submitter's 036 and 037 pass DIAN's XSD and xmlsec1, and carry the CUDE of annex §1.4", () => {
  const issuedAt = new Date();
  const state = [requested(), signed(), submitted(1), accepted()].reduce(
    invoiceStream.evolve,
    invoiceStream.initialState(),
  );
  const credential = loadP12(readFileSync(join(dir, 'tenant.p12')), 'prueba-firma-123', issuedAt);
  const endorsee = {
    name: 'Factor Capital S.A.S.',
    document_type: '31',
    id: '901234567',
    dv: 7,
    person_type: '1' as const,
  };
  const asked = [
    { code: '036' as const, receiver: '800197268', operation: '361', id: 'TVSETP990000001' },
    { code: '037' as const, receiver: endorsee.id, operation: '372', id: 'ENDSETP990000001' },
  ];
  for (const { code, receiver, operation, id } of asked) {
    const request = {
      request_id: '7d1c4f40-5a3b-4c4e-9a55-8f0f3c2b1a01',
      code,
      requested_by: 'api:demo',
      requested_at: issuedAt.toISOString(),
      ...(code === '037' ? { endorsee, operation_type: '372' as const } : {}),
    };
    const built = buildEventApplicationResponse({
      content: titleEventContent(demoTenant, state, request),
      software: demoSoftware,
      environment: '2',
      issuedAt,
    });
    if (!built.ok) throw new Error(built.error.code);
    const xml = createXadesSigner(credential).sign(built.value.xml, { signingTime: issuedAt }).xml;
    const file = join(dir, `event-${code}.xml`);
    writeFileSync(file, xml);
    const xsd = xmllintXsd(file, applicationResponseXsd);
    expect(xsd.ok, `${code}: ${xsd.output}`).toBe(true);
    const signature = xmlsec1Verify(file, join(dir, 'ca.pem'));
    expect(signature.ok, `${code}: ${signature.output}`).toBe(true);
    const read = readEventApplicationResponse(xml);
    // SHA-384(ID + IssueDate + IssueTime + SenderNIT + ReceiverNIT + ResponseCode + DocumentReference/ID + 01 + PIN)
    const cude = createHash('sha384')
      .update(
        `${id}${read.issueDate}${read.issueTime}${demoTenant.nit}${receiver}${code}SETP99000000101${demoSoftware.pin}`,
      )
      .digest('hex');
    expect(read).toMatchObject({
      eventCode: code,
      id,
      cude,
      customizationId: operation,
      sender: { id: demoTenant.nit },
      receiver: { id: receiver },
      invoice: { id: 'SETP990000001', cufe: 'a'.repeat(96), documentTypeCode: '01' },
    });
  }
});
