// The seller's own events as the submitter builds and signs them (own-events/own-event-content.ts, the tenant's
// certificate through @fe/xades): the tacit acceptance (034), the registration as título valor (036) and the
// endorsement (037) are valid against DIAN's ApplicationResponse XSD (xmllint), their signatures verify with xmlsec1,
// their CUDE is the annex's formula recomputed here (a blank endorsement's as DIAN's validator computes it), they name
// the invoice and their receiver, and carry the título valor's values, due date and endorsement kind.
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
import { accepted, requested, requestedOnCredit, signed, submitted } from '../test-support/invoice-events.ts';

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

it("the submitter's 036 and 037 pass DIAN's XSD and xmlsec1, carry the título valor's data and their CUDE", () => {
  const issuedAt = new Date();
  const state = [requestedOnCredit('2026-12-22'), signed(), submitted(1), accepted()].reduce(
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
  // The invoice's payable amount is 1000.00 (its request): the 036 says 250.00 paid; the 037s endorse 750.00 at 4.5 %.
  const endorsement = { endorsee, amount: '750.00', discount_rate: '4.5', payment_means: '47' };
  const asked = [
    {
      code: '036' as const,
      extra: { paid_amount: '250.00' },
      receiver: '800197268',
      operation: '361',
      kind: undefined,
    },
    {
      code: '037' as const,
      extra: { ...endorsement, operation_type: '372' as const },
      receiver: endorsee.id,
      operation: '372',
      kind: '1',
    },
    {
      code: '037' as const,
      extra: { ...endorsement, endorsement_kind: 'blank' as const },
      receiver: endorsee.id,
      operation: '371',
      kind: '2',
    },
  ];
  for (const [n, { code, extra, receiver, operation, kind }] of asked.entries()) {
    const id = code === '036' ? 'TVSETP990000001' : 'ENDSETP990000001';
    const request = {
      request_id: '7d1c4f40-5a3b-4c4e-9a55-8f0f3c2b1a01',
      code,
      requested_by: 'api:demo',
      requested_at: issuedAt.toISOString(),
      ...extra,
    };
    const content = titleEventContent(demoTenant, state, request);
    if (!content.ok) throw new Error(content.error.code);
    const built = buildEventApplicationResponse({
      content: content.value,
      software: demoSoftware,
      environment: '2',
      issuedAt,
    });
    if (!built.ok) throw new Error(built.error.code);
    const xml = createXadesSigner(credential).sign(built.value.xml, { signingTime: issuedAt }).xml;
    const file = join(dir, `event-${code}-${n}.xml`);
    writeFileSync(file, xml);
    const xsd = xmllintXsd(file, applicationResponseXsd);
    expect(xsd.ok, `${code}: ${xsd.output}`).toBe(true);
    const signature = xmlsec1Verify(file, join(dir, 'ca.pem'));
    expect(signature.ok, `${code}: ${signature.output}`).toBe(true);
    const read = readEventApplicationResponse(xml);
    // The annex's SHA-384(ID + IssueDate + IssueTime + SenderNIT + ReceiverNIT + ResponseCode + DocumentReference/ID +
    // 01 + PIN); a blank endorsement, as DIAN's validator: no sender, and its listID after the code.
    const fields =
      kind === '2'
        ? `${id}${read.issueDate}${read.issueTime}${receiver}${code}2SETP99000000101`
        : `${id}${read.issueDate}${read.issueTime}${demoTenant.nit}${receiver}${code}SETP99000000101`;
    const cude = createHash('sha384')
      .update(fields + demoSoftware.pin)
      .digest('hex');
    expect(read).toMatchObject({
      eventCode: code,
      id,
      cude,
      customizationId: operation,
      endorsementKind: kind,
      sender: { id: demoTenant.nit },
      receiver: { id: receiver },
      invoice: { id: 'SETP990000001', cufe: 'a'.repeat(96), documentTypeCode: '01' },
    });
    expect(read.invoice.dueDate).toBe('2026-12-22');
    // An endorsement hands its whole value on: each side's participation is ValorTotalEndoso (DIAN's AAF19, AAG20).
    const participation = code === '037' ? ['750.00'] : [];
    expect([read.sender.participations, read.receiver.participations]).toEqual([participation, participation]);
    expect(read.titleValueGroups.flatMap((g) => g.pairs)).toEqual(
      code === '036'
        ? [
            ['ValorFEV-TV', '1000.00'],
            ['ValorPagado', '250.00'],
            ['NuevoValorTV', '750.00'],
          ]
        : // 750.00 × (100 − 4.5) / 100 = 716.25
          [
            ['ValorTotalEndoso', '750.00'],
            ['PrecioPagarseFEV', '716.25'],
            ['TasaDescuento', '4.5'],
            ['MedioPago', '47'],
          ],
    );
  }
});

it('a título valor needs an invoice on credit: a cash one makes no 036', () => {
  const state = [requested(), signed(), submitted(1), accepted()].reduce(
    invoiceStream.evolve,
    invoiceStream.initialState(),
  );
  const request = {
    request_id: '7d1c4f40-5a3b-4c4e-9a55-8f0f3c2b1a01',
    code: '036' as const,
    requested_by: 'api:demo',
  };
  const content = titleEventContent(demoTenant, state, { ...request, requested_at: new Date().toISOString() });
  expect(content.ok || content.error.code).toBe('TITLE_VALUE_CASH_INVOICE');
});
