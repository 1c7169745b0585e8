// What the buyer receives, checked by the independent tools: the zip's AttachedDocument passes DIAN's
// UBL-AttachedDocument-2.1.xsd and xmlsec1 (3/3 references), and carries the signed invoice and the
// ApplicationResponse byte for byte, each still verifying on its own.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { demoTenant } from '@fe/dian-domain';
import { createXadesSigner, formatReport, loadP12, verifyAttachedDocument } from '@fe/xades';
import {
  attachedDocumentXsd,
  buildTableCase,
  escapingCase,
  makeTestIdentity,
  xmllintXsd,
  xmlsec1Verify,
} from '@fe/xades/testing';
import { unzipSync } from 'fflate';
import { readAttachedDocument } from '@fe/dian-xml';
import { describe, expect, it } from 'vitest';
import { signedApplicationResponse } from '../../test-support/application-response.ts';
import { creditNote } from '../../test-support/credit-note.ts';
import { randomBytes } from 'node:crypto';
import { buildDelivery, MAX_ATTACHMENT_BYTES } from './build-delivery.ts';

const issuedAt = new Date('2026-06-01T22:30:00.000Z');
const identity = makeTestIdentity();
const credential = loadP12(identity.p12, identity.password, issuedAt);
const signer = createXadesSigner(credential);
const dir = mkdtempSync(join(tmpdir(), 'fe-notifier-'));
const caFile = join(dir, 'ca.pem');
writeFileSync(caFile, identity.certPem);

const invoice = buildTableCase(escapingCase, issuedAt);
const signedInvoice = signer.sign(invoice.xml, { signingTime: issuedAt }).xml;
const ar = signedApplicationResponse(
  signer,
  { number: invoice.documentId, cufe: invoice.cufe },
  new Date(issuedAt.getTime() + 2000),
);
const pdf = new TextEncoder().encode(`%PDF-1.7 stand-in ${invoice.cufe}`);
const sentAt = new Date(issuedAt.getTime() + 60_000);
// As the file counter gives them (the handler allocates them): the AttachedDocument's and its zip's own numbers.
const body = (n: string) => `0${demoTenant.nit}00026${n}`;
const invoiceNames = { xml: `ad${body('00000001')}.xml`, zip: `z${body('00000002')}.zip` };
const noteNames = { xml: `ad${body('0000000A')}.xml`, zip: `z${body('0000000B')}.zip` };
const delivery = await buildDelivery({
  tenant: demoTenant,
  credential,
  issuedAt: sentAt,
  names: invoiceNames,
  kind: 'invoice',
  signedInvoiceXml: signedInvoice,
  applicationResponseXml: ar,
  pdf,
});

/** The signed document and DIAN's answer the container carries, each in a CDATA section. */
const cdataSections = (xml: string) => {
  const { documentXml, applicationResponseXml } = readAttachedDocument(xml);
  return [documentXml, applicationResponseXml];
};

describe('buildDelivery', () => {
  const files = unzipSync(delivery.zip);
  const names = Object.keys(files);

  it('zips the AttachedDocument and the PDF under the annex §6.5 names, with the annex §9.1 subject', () => {
    expect(names).toEqual([invoiceNames.xml, `ad${body('00000001')}.pdf`]);
    expect(delivery.zipName).toBe(invoiceNames.zip);
    expect(delivery.attachedDocumentId).toBe(`ad${body('00000001')}`);
    expect(delivery.subject).toBe(
      `${demoTenant.nit};${demoTenant.legalName};${invoice.documentId};01;${demoTenant.tradeName ?? demoTenant.legalName}`,
    );
    expect(Buffer.from(files[names[1]!]!)).toEqual(Buffer.from(pdf));
  });

  it('passes UBL-AttachedDocument-2.1.xsd and xmlsec1 with 3/3 references', () => {
    const file = join(dir, names[0]!);
    writeFileSync(file, files[names[0]!]!);
    const xsd = xmllintXsd(file, attachedDocumentXsd);
    expect(xsd.ok, xsd.output).toBe(true);
    const xmlsec = xmlsec1Verify(file, caFile);
    expect(xmlsec.ok, xmlsec.output).toBe(true);
  });

  it('carries the signed invoice and the ApplicationResponse byte for byte in CDATA, each verifying on its own', () => {
    const xml = Buffer.from(files[names[0]!]!).toString('utf8');
    const [embeddedInvoice, embeddedAr] = cdataSections(xml);
    expect(embeddedInvoice).toBe(signedInvoice);
    expect(embeddedAr).toBe(ar);
    writeFileSync(join(dir, 'inner-invoice.xml'), embeddedInvoice!);
    expect(xmlsec1Verify(join(dir, 'inner-invoice.xml'), caFile).ok).toBe(true);
    expect(xml).toContain(`<cbc:UUID schemeName="CUFE-SHA384">${invoice.cufe}</cbc:UUID>`);
    expect(xml).toContain('<cbc:ValidationResultCode>02</cbc:ValidationResultCode>');
  });

  it("a changed byte in the embedded invoice breaks the container's signature", () => {
    const xml = Buffer.from(files[names[0]!]!).toString('utf8').replace('Ñandú', 'Nandu');
    writeFileSync(join(dir, 'tampered.xml'), xml);
    expect(xmlsec1Verify(join(dir, 'tampered.xml'), caFile).ok).toBe(false);
    expect(verifyAttachedDocument(xml, { trustedPem: identity.certPem }).valid).toBe(false);
  });

  it("the verifier behind `fe verify` accepts it: its signature, the invoice's and the ApplicationResponse's, one CUFE", () => {
    const xml = Buffer.from(files[names[0]!]!).toString('utf8');
    const report = verifyAttachedDocument(xml, { trustedPem: identity.certPem, trustedDianPem: identity.certPem });
    expect(report.valid, formatReport(report)).toBe(true);
    expect(report.checks.filter((c) => c.ok === true).map((c) => c.name)).toEqual(
      expect.arrayContaining([
        'AttachedDocument: signature value',
        'invoice: signature value',
        'AttachedDocument → invoice',
        'DIAN ApplicationResponse: signature value',
        'DIAN ApplicationResponse: ResponseCode 02 (validated)',
        "DIAN ApplicationResponse: speaks of the invoice's CUFE",
      ]),
    );
  });

  it("refuses a zip over DIAN's 2 MB (ATTACHMENT_TOO_LARGE) rather than send what the annex forbids", async () => {
    const huge = randomBytes(MAX_ATTACHMENT_BYTES + 1); // random bytes do not compress
    await expect(
      buildDelivery({
        tenant: demoTenant,
        credential,
        issuedAt: sentAt,
        names: invoiceNames,
        kind: 'invoice',
        signedInvoiceXml: signedInvoice,
        applicationResponseXml: ar,
        pdf: huge,
      }),
    ).rejects.toMatchObject({ code: 'ATTACHMENT_TOO_LARGE', retriable: false });
  });
});

const signedNote = signer.sign(creditNote.xml, { signingTime: issuedAt }).xml;
const noteAr = signedApplicationResponse(
  signer,
  { number: creditNote.documentId, cufe: creditNote.cude },
  new Date(issuedAt.getTime() + 2000),
);
const noteInput = {
  tenant: demoTenant,
  credential,
  issuedAt: sentAt,
  names: noteNames,
  signedInvoiceXml: signedNote,
  applicationResponseXml: noteAr,
  pdf,
};
const noteDelivery = await buildDelivery({ ...noteInput, kind: 'credit_note' });

describe('buildDelivery of a credit note', () => {
  const files = unzipSync(noteDelivery.zip);
  const [xmlName, pdfName] = Object.keys(files);
  const xml = Buffer.from(files[xmlName!]!).toString('utf8');

  it("names the note's PDF with its annex prefix (nc) beside the AttachedDocument, with type code 91 in the subject", () => {
    expect([xmlName, pdfName]).toEqual([noteNames.xml, `nc${body('0000000A')}.pdf`]);
    expect(noteDelivery.zipName).toBe(noteNames.zip);
    expect(noteDelivery.subject).toBe(
      `${demoTenant.nit};${demoTenant.legalName};NC1001;91;${demoTenant.tradeName ?? demoTenant.legalName}`,
    );
    expect([noteDelivery.number, noteDelivery.cufe]).toEqual(['NC1001', creditNote.cude]);
  });

  it('wraps the signed note (ParentDocumentID = its number, its CUDE) and passes UBL-AttachedDocument-2.1.xsd and xmlsec1 with 3/3 references', () => {
    expect(xml).toContain('<cbc:ParentDocumentID>NC1001</cbc:ParentDocumentID>');
    expect(xml).toContain(`<cbc:UUID schemeName="CUDE-SHA384">${creditNote.cude}</cbc:UUID>`);
    const file = join(dir, `note-${xmlName}`);
    writeFileSync(file, xml);
    const xsd = xmllintXsd(file, attachedDocumentXsd);
    expect(xsd.ok, xsd.output).toBe(true);
    const xmlsec = xmlsec1Verify(file, caFile);
    expect(xmlsec.ok, xmlsec.output).toBe(true);
    expect(xmlsec.output).toContain('SignedInfo References (ok/all): 3/3');
  });

  it('carries the signed note byte for byte, still verifying on its own (xmlsec1 3/3)', () => {
    const [embeddedNote, embeddedAr] = cdataSections(xml);
    expect(embeddedNote).toBe(signedNote);
    expect(embeddedAr).toBe(noteAr);
    writeFileSync(join(dir, 'inner-note.xml'), embeddedNote!);
    expect(xmlsec1Verify(join(dir, 'inner-note.xml'), caFile).ok).toBe(true);
  });

  it('refuses a stored XML of another kind than the stream says (STORED_DOCUMENT_MISMATCH)', async () => {
    await expect(buildDelivery({ ...noteInput, kind: 'debit_note' })).rejects.toMatchObject({
      code: 'STORED_DOCUMENT_MISMATCH',
      retriable: false,
    });
    await expect(buildDelivery({ ...noteInput, kind: 'invoice' })).rejects.toMatchObject({
      code: 'STORED_DOCUMENT_MISMATCH',
    });
  });
});
