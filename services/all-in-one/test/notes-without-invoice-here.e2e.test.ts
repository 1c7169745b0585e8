/* eslint-disable @typescript-eslint/no-explicit-any -- the examples are JSON */
// Notes on no invoice of this product, on the embedded shape: a credit note without a referenced invoice
// (CustomizationID 22), a debit note without one (32), and a credit note on an invoice another provider issued, which
// that provider submitted to the simulator itself. Each signed XML is checked by DIAN's XSD (xmllint), xmlsec1 and
// its CUDE recomputed here (suites/credit-debit-notes.ts's formula).
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createInvoiceResponseSchema, invoiceStatusResponseSchema } from '@fe/contracts';
import { createDianSoapClient } from '@fe/dian-client';
import { packageForTest } from '@fe/dian-client/testing';
import {
  buildInvoiceXml,
  demoResolution,
  demoSoftware,
  demoTenant,
  nitCheckDigit,
  validateInvoiceRequest,
} from '@fe/dian-domain';
import { cbc, parseXmlTree, textAt } from '@fe/dian-xml';
import { demoOtherProviderSoftware } from '@fe/dian-simulator';
import { createXadesSigner } from '@fe/xades';
import { creditNoteXsd, debitNoteXsd, xmllintXsd, xmlsec1Verify } from '@fe/xades/testing';
import { cudeFromXml, postNote } from '../test-support/suites/credit-debit-notes.ts';
import { exampleRequest, startWorld, type HttpAnswer, type World } from '../test-support/world.ts';

let world: World;
const post = (kind: 'credit' | 'debit', body: unknown) => postNote(world, kind, body);

/** The requests of examples/ (docs/api.md shows them). */
const example = (name: string) =>
  JSON.parse(readFileSync(resolve(import.meta.dirname, '../../../examples', name), 'utf8')) as Record<string, any>;
const period = { start_date: '2026-11-01', end_date: '2026-11-30' };
const { customer, payment } = exampleRequest;
const withIva = {
  code: 'DSC-1',
  name: 'Descuento',
  quantity: 1,
  unit_price: 50000,
  taxes: [{ code: '01', name: 'IVA', rate: 19 }],
};

/** An invoice of the demo issuer made with another provider's software and sent by it to DIAN directly. */
async function otherProvidersInvoice(): Promise<{ number: string; cufe: string; issueDate: string }> {
  const issuedAt = new Date();
  const issueDate = new Date(issuedAt.getTime() - 5 * 3600_000).toISOString().slice(0, 10);
  const invoice = validateInvoiceRequest(exampleRequest, { issueDate });
  if (!invoice.ok) throw new Error(invoice.error.code);
  const software = {
    ...demoOtherProviderSoftware,
    providerDv: nitCheckDigit(demoOtherProviderSoftware.providerNit),
    providerName: 'OTRO PROVEEDOR TECNOLÓGICO S.A.S.',
  };
  const built = buildInvoiceXml({
    invoice: invoice.value,
    tenant: demoTenant,
    resolution: demoResolution,
    number: '994999001',
    software,
    environment: '2',
    issuedAt,
  });
  const credential = (await world.embedded.tenants.credential('demo', issuedAt))!;
  const signed = createXadesSigner(credential).sign(built.xml, { signingTime: issuedAt });
  const dian = createDianSoapClient({
    endpoint: world.embedded.simulator!.endpoint,
    credential: { privateKey: credential.privateKey, certificateDer: credential.chain[0]!.der },
  });
  const answer = await dian.sendBillSync(packageForTest(signed.xml, issuedAt).zip);
  if (answer.statusCode !== '00') throw new Error(`DIAN refused it: ${JSON.stringify(answer.errorMessages)}`);
  return { number: built.documentId, cufe: built.cufe, issueDate };
}

/** The signed XML of an answer, checked by xmllint (DIAN's XSD) and xmlsec1, with its CUDE recomputed. */
async function checkedXml(answer: HttpAnswer, name: string, xsd: string): Promise<string> {
  const body = createInvoiceResponseSchema.parse(answer.body);
  const xml = await (await fetch(body.xml_url)).text();
  const file = join(world.dataDir, `${name}.xml`);
  writeFileSync(file, xml);
  const schema = xmllintXsd(file, xsd);
  expect(schema.ok, schema.output).toBe(true);
  const ca = join(world.dataDir, 'demo-ca.pem');
  writeFileSync(ca, (await world.embedded.tenants.trustedCaPems('demo'))[0]!);
  const signature = xmlsec1Verify(file, ca);
  expect(signature.ok, signature.output).toBe(true);
  expect(cudeFromXml(xml, demoSoftware.pin)).toBe(body.cufe);
  return xml;
}

const root = (xml: string, name: string) => textAt(parseXmlTree(xml), cbc(name));
const pdfText = async (answer: HttpAnswer) => {
  const file = join(world.dataDir, `${answer.body.number}.pdf`);
  writeFileSync(file, Buffer.from(await (await fetch(answer.body.pdf_url)).arrayBuffer()));
  return spawnSync('pdftotext', ['-layout', '-enc', 'UTF-8', file, '-'], { encoding: 'utf8' }).stdout;
};

beforeAll(async () => {
  world = await startWorld();
});
afterAll(async () => world?.close());

describe('notes DIAN allows without an invoice of this product (issue 31)', () => {
  it('a credit note without a referenced invoice is CustomizationID 22: InvoicePeriod, no BillingReference, accepted', async () => {
    const answer = await post('credit', example('note-credit-without-invoice.json')); // 50 000 + IVA 19 %
    expect(answer.status, answer.text).toBe(201);
    expect(answer.body).toMatchObject({ status: 'accepted', document_type: 'credit_note', concept: '3' });
    expect(answer.body.referenced_invoice).toBeUndefined();
    const xml = await checkedXml(answer, 'nc-22', creditNoteXsd);
    expect(root(xml, 'CustomizationID')).toBe('22');
    expect(xml).toContain(
      '<cac:InvoicePeriod><cbc:StartDate>2026-11-01</cbc:StartDate><cbc:EndDate>2026-11-30</cbc:EndDate></cac:InvoicePeriod>',
    );
    expect(xml).not.toContain('BillingReference');
    expect(xml).toContain('<cbc:PayableAmount currencyID="COP">59500.00</cbc:PayableAmount>');
    const text = await pdfText(answer);
    expect(text).toContain('Sin factura de referencia');
    expect(text).toContain('del 01/11/2026 al 30/11/2026');
    const status = invoiceStatusResponseSchema.parse(
      (await world.get(`/api/v1/service/status/${answer.body.cufe}`)).body,
    );
    expect(status).toMatchObject({ document_type: 'credit_note', status: 'accepted' });
    expect(status.referenced_invoice).toBeUndefined();
  });

  it('a debit note without a referenced invoice is CustomizationID 32, accepted', async () => {
    const answer = await post('debit', example('note-debit-without-invoice.json'));
    expect(answer.status, answer.text).toBe(201);
    expect(answer.body.number).toMatch(/^ND\d+$/);
    const xml = await checkedXml(answer, 'nd-32', debitNoteXsd);
    expect(root(xml, 'CustomizationID')).toBe('32');
    expect(xml).toContain('<cac:InvoicePeriod>');
    expect(xml).not.toContain('BillingReference');
    expect(await pdfText(answer)).toContain('Sin factura de referencia');
  });

  it('a note without an invoice cannot cancel one (CBF03a): 400 VALIDATION_ERROR naming concept', async () => {
    const answer = await post('credit', { invoice_period: period, concept: '2', customer, payment, lines: [withIva] });
    expect({ status: answer.status, code: answer.body.error.code, path: answer.body.error.details[0].path }).toEqual({
      status: 400,
      code: 'VALIDATION_ERROR',
      path: 'concept',
    });
  });

  it("a credit note on another provider's invoice carries its number, CUFE and date as the client gives them, accepted", async () => {
    const external = await otherProvidersInvoice();
    // The example with the invoice the other provider just issued in place of its illustrative one.
    const answer = await post('credit', {
      ...example('note-credit-other-provider.json'),
      external_invoice: { number: external.number, cufe: external.cufe, issue_date: external.issueDate },
    });
    expect(answer.status, answer.text).toBe(201);
    expect(answer.body.referenced_invoice).toEqual({
      number: external.number,
      cufe: external.cufe,
      issue_date: external.issueDate,
    });
    const xml = await checkedXml(answer, 'nc-external', creditNoteXsd);
    expect(root(xml, 'CustomizationID')).toBe('20');
    expect(xml).toContain(
      `<cac:BillingReference><cac:InvoiceDocumentReference><cbc:ID>${external.number}</cbc:ID><cbc:UUID schemeName="CUFE-SHA384">${external.cufe}</cbc:UUID><cbc:IssueDate>${external.issueDate}</cbc:IssueDate>`,
    );
    expect(await pdfText(answer)).toContain(external.number);
  });

  it('DIAN refuses a note on an invoice it does not know (CBG04), and one issued here is named by invoice', async () => {
    const unknown = await post('credit', {
      external_invoice: { number: 'FE77', cufe: 'cd'.repeat(48), issue_date: '2026-11-02' },
      concept: '1',
      customer,
      payment,
      lines: [withIva],
    });
    expect(unknown.status, unknown.text).toBe(422);
    expect(unknown.body.tax_authority_response.errors.map((e: { rule: string }) => e.rule)).toEqual(['CBG04']);
    const own = (await world.post(exampleRequest)).body;
    const misnamed = await post('credit', {
      external_invoice: { number: own.number, cufe: own.cufe, issue_date: own.issued_at.slice(0, 10) },
      concept: '1',
      customer,
      payment,
      lines: [withIva],
    });
    expect({ status: misnamed.status, path: misnamed.body.error.details[0].path }).toEqual({
      status: 400,
      path: 'external_invoice.cufe',
    });
  });
});
