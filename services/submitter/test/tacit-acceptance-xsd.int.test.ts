// The seller's tacit acceptance (034) as the submitter builds and signs it (own-events/own-event-content.ts, the
// tenant's certificate through @fe/xades) is valid against DIAN's ApplicationResponse XSD (xmllint), its signature
// verifies with xmlsec1, and it names the invoice, DIAN as receiver and the sworn statement.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildEventApplicationResponse, demoSoftware, demoTenant } from '@fe/dian-domain';
import { readEventApplicationResponse } from '@fe/dian-xml';
import { invoiceStream } from '@fe/platform';
import { createXadesSigner, loadP12 } from '@fe/xades';
import { applicationResponseXsd, makeTestCerts, xmllintXsd, xmlsec1Verify } from '@fe/xades/testing';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { tacitAcceptanceContent } from '../src/own-events/own-event-content.ts';
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
