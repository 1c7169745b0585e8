// DIAN goes down, the tenant (contingency `automatic`) issues type-04 invoices that reach the buyer at once with the
// contingency legend, DIAN comes back, and each is transmitted once, in order, and accepted (docs/contingency.md).
// Run on each shape. The signed invoice the buyer got is checked by independent tools: DIAN's XSD (xmllint), xmlsec1
// and the CUFE recomputed here from the XML's own fields.
import { createHash } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { demoResolution } from '@fe/dian-domain';
import { cac, cbc, parseXmlTree, readAttachedDocument, textAt, type XmlElement } from '@fe/dian-xml';
import type { ReadMail } from '@fe/mail';
import { attachedDocumentXsd, invoiceXsd, xmllintXsd, xmlsec1Verify } from '@fe/xades/testing';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxMailsTo } from '../outbox.ts';
import type { Shape } from '../shapes/shape.ts';
import { exampleRequest, pollStatus } from '../world.ts';

/** The variables a shape starts with for this suite: quick probes, a short wait, a short contingency delay. */
export const contingencyEnv = {
  DIAN_PROBE_INTERVAL_MS: '200',
  DIAN_PROBE_TIMEOUT_MS: '1000',
  DIAN_OUTAGE_AFTER: '2',
  SUBMIT_CONTINGENCY_RETRY_MS: '500',
  SUBMIT_RETRY_BASE_MS: '200',
  FE_WAIT_BUDGET_MS: '1000',
  CONTINGENCY_ALARM_HOURS: '72', // past the 48-hour window: the readiness warns at once
};

const INVOICES = 3;
const buyer = exampleRequest.customer.email;
const until = async <T>(read: () => T | undefined | Promise<T | undefined>, what: string, ms = 30_000): Promise<T> => {
  for (const end = Date.now() + ms; Date.now() < end; await new Promise((r) => setTimeout(r, 100))) {
    const value = await read();
    if (value !== undefined) return value;
  }
  throw new Error(`never: ${what}`);
};

/** The CUFE of annex §4.1 from the signed XML's own fields (a formula of this test, not the product's). */
export function recomputedCufe(xml: string): string {
  const root = parseXmlTree(xml);
  const own = (name: string) => textAt(root, cbc(name))!;
  const totals = (root.content as (XmlElement | string)[]).filter(
    (c): c is XmlElement => typeof c !== 'string' && c.localName === 'TaxTotal',
  );
  const tax = (code: string) =>
    textAt(
      totals.find((t) => textAt(t, cac('TaxSubtotal'), cac('TaxCategory'), cac('TaxScheme'), cbc('ID')) === code),
      cbc('TaxAmount'),
    ) ?? '0.00';
  const nit = (party: string) => textAt(root, cac(party), cac('Party'), cac('PartyTaxScheme'), cbc('CompanyID'))!;
  const money = (name: string) => textAt(root, cac('LegalMonetaryTotal'), cbc(name))!;
  const input =
    own('ID') +
    own('IssueDate') +
    own('IssueTime') +
    money('LineExtensionAmount') +
    `01${tax('01')}04${tax('04')}03${tax('03')}` +
    money('PayableAmount') +
    nit('AccountingSupplierParty') +
    nit('AccountingCustomerParty') +
    demoResolution.technicalKey +
    own('ProfileExecutionID');
  return createHash('sha384').update(input, 'utf8').digest('hex');
}

/** The scenario on the shape `start` brings up with `contingencyEnv`, closed after. */
export function contingencySuite(start: (env: Record<string, string>) => Promise<Shape>): void {
  let started: Shape | undefined;
  const shape = () => started!;
  beforeAll(async () => {
    started = await start(contingencyEnv);
  }, 300_000);
  afterAll(() => started?.close());

  describe('DIAN down, the tenant in automatic contingency', { timeout: 180_000 }, () => {
    const issued: { cufe: string; number: string }[] = [];
    const mailsOf = (number: string): ReadMail[] =>
      outboxMailsTo(shape().outboxDir, buyer).filter((m) => m.subject.includes(`;${number};`));
    let beforeDian: { mail: ReadMail; pending: boolean; received: number }[] = [];
    let readinessDuring: { status: string; warnings: { code: string }[] };

    beforeAll(async () => {
      const s = shape();
      await s.setContingency('demo', 'automatic');
      await s.dian.setFault('http503');
      // Every ingress instance judges DIAN on its own: an invoice posted to one that has not yet seen the outage is a
      // type 01 that waits for DIAN, with no mail at signing.
      const sawOutage = () => s.ingressLogs().filter((l) => l.includes('DIAN is down: contingency')).length;
      await until(() => (sawOutage() >= s.ingressInstances() ? true : undefined), 'the outage seen by every ingress');
      for (let i = 0; i < INVOICES; i++) {
        const answer = await s.post(exampleRequest);
        expect(answer.status, answer.text).toBe(202);
        expect(answer.body.status).toBe('pending');
        issued.push({ cufe: answer.body.cufe, number: answer.body.number });
      }
      // Each buyer's mail, caught while DIAN still has none of them.
      beforeDian = await Promise.all(
        issued.map(async ({ cufe, number }) => {
          const mail = await until(() => mailsOf(number)[0], `the contingency mail of ${number}`);
          const status = (await s.get(`/api/v1/service/status/${cufe}`)).body;
          return { mail, pending: status.status === 'pending', received: await s.dian.timesReceived(cufe) };
        }),
      );
      readinessDuring = (await s.get('/api/v1/service/tenant/readiness')).body;
      await s.dian.setFault(undefined);
    });

    it('mails each invoice to the buyer before DIAN has it, as a type-04 invoice with the contingency legend', async () => {
      const s = shape();
      for (const [i, { mail, pending, received }] of beforeDian.entries()) {
        const { number, cufe } = issued[i]!;
        expect([pending, received]).toEqual([true, 0]);
        expect(mail.subject).toMatch(new RegExp(`;${number};04;`));
        expect(mail.text).toContain('FACTURA DE CONTINGENCIA (tipo 04)');
        const files = unzipSync(mail.attachments[0]!.content);
        const names = Object.keys(files);
        expect(names).toEqual([expect.stringMatching(/^fv.*\.xml$/), expect.stringMatching(/^fv.*\.pdf$/)]);
        const xml = Buffer.from(files[names[0]!]!).toString('utf8');
        expect(xml).toContain('<cbc:InvoiceTypeCode>04</cbc:InvoiceTypeCode>');
        const xmlFile = join(s.scratchDir, `${number}.xml`);
        writeFileSync(xmlFile, xml);
        expect(xmllintXsd(xmlFile, invoiceXsd).ok).toBe(true);
        const caFile = join(s.scratchDir, 'demo-ca.pem');
        writeFileSync(caFile, (await s.trustedCaPems('demo'))[0]!);
        const verified = xmlsec1Verify(xmlFile, caFile);
        expect(verified.ok, verified.output).toBe(true);
        expect(recomputedCufe(xml)).toBe(cufe);
        const pdfFile = join(s.scratchDir, `${number}.pdf`);
        writeFileSync(pdfFile, files[names[1]!]!);
        const text = spawnSync('pdftotext', [pdfFile, '-'], { encoding: 'utf8' }).stdout.replace(/\s+/g, ' ');
        expect(text).toContain('Factura de contingencia (tipo 04)');
        expect(text).toContain('pendiente: la DIAN aún no ha validado este documento');
      }
    });

    it("warns in the tenant's readiness of the oldest one's deadline while DIAN has not taken it, and no more after", async () => {
      const { number } = issued[0]!;
      expect(readinessDuring.status).toBe('ready_with_warnings');
      expect(readinessDuring.warnings).toContainEqual({
        code: 'CONTINGENCY_DEADLINE',
        document_id: number,
        transmit_by: expect.any(String),
        message: expect.stringContaining(`La factura de contingencia ${number} debe transmitirse a la DIAN`),
      });
      for (const { cufe } of issued) await pollStatus(shape(), cufe, (body) => body.status !== 'pending', 60_000);
      const after = (await shape().get('/api/v1/service/tenant/readiness')).body;
      expect(after.warnings.map((w: { code: string }) => w.code)).not.toContain('CONTINGENCY_DEADLINE');
    });

    it('records the deadline, the issue plus the 48-hour window', async () => {
      for (const { number } of issued) {
        const read = await shape().eventStore.read(`inv-demo-${number}`);
        const data = read.events[0]!.envelope.data as { issued_at: string; contingency_transmit_by?: string };
        expect(Date.parse(data.contingency_transmit_by!) - Date.parse(data.issued_at)).toBe(48 * 3_600_000);
      }
    });

    it('transmits each once DIAN answers again, once, in the order of their numbers, and DIAN accepts it', async () => {
      const s = shape();
      for (const { cufe } of issued) {
        const status = await pollStatus(s, cufe, (body) => body.status !== 'pending', 60_000);
        expect(status.status, JSON.stringify(status.tax_authority_response)).toBe('accepted');
        expect(await s.dian.timesReceived(cufe)).toBe(1);
      }
      const streams = issued.map(({ number }) => `inv-demo-${number}`);
      const submitted = (await s.invoiceEvents()).filter(
        (e) => e.type === 'InvoiceSubmitted' && streams.includes(e.stream),
      );
      expect(submitted.map((e) => e.stream)).toEqual(streams);
    });

    it("mails each again once DIAN accepted it: the AttachedDocument with DIAN's answer", async () => {
      for (const { number } of issued) {
        const second = await until(() => mailsOf(number)[1], `the second mail of ${number}`);
        expect(second.subject).toMatch(new RegExp(`;${number};04;`));
        const files = unzipSync(second.attachments[0]!.content);
        const adName = Object.keys(files).find((name) => name.startsWith('ad') && name.endsWith('.xml'))!;
        const adFile = join(shape().scratchDir, `${number}-ad.xml`);
        writeFileSync(adFile, files[adName]!);
        expect(xmllintXsd(adFile, attachedDocumentXsd).ok).toBe(true);
        const { documentXml, applicationResponseXml } = readAttachedDocument(Buffer.from(files[adName]!).toString());
        expect(documentXml).toContain('<cbc:InvoiceTypeCode>04</cbc:InvoiceTypeCode>');
        expect(applicationResponseXml).toContain('<cbc:ResponseCode>02</cbc:ResponseCode>');
      }
    });

    it('accepts a type-03 invoice transcribed from a paper one, naming it (FAI01–FAI03), and refuses a paper dated later', async () => {
      const s = shape();
      const today = new Date().toLocaleDateString('sv-SE', { timeZone: 'America/Bogota' });
      const paper = { number: 'TAL-000417', issue_date: today };
      const answer = await s.post({ ...exampleRequest, paper_document: paper });
      expect(answer.status, answer.text).toBe(201);
      expect(answer.body.status).toBe('accepted');
      const xml = await (await fetch(answer.body.xml_url)).text();
      expect(xml).toContain('<cbc:InvoiceTypeCode>03</cbc:InvoiceTypeCode>');
      expect(xml).toContain(
        '<cac:AdditionalDocumentReference><cbc:ID>TAL-000417</cbc:ID><cbc:UUID>TAL-000417</cbc:UUID>' +
          `<cbc:IssueDate>${today}</cbc:IssueDate><cbc:DocumentTypeCode>FTC</cbc:DocumentTypeCode></cac:AdditionalDocumentReference>`,
      );
      const xmlFile = join(s.scratchDir, 'type-03.xml');
      writeFileSync(xmlFile, xml);
      expect(xmllintXsd(xmlFile, invoiceXsd).ok).toBe(true);
      expect(recomputedCufe(xml)).toBe(answer.body.cufe);
      const later = await s.post({ ...exampleRequest, paper_document: { ...paper, issue_date: '2999-01-01' } });
      expect(later.status).toBe(400);
      expect(later.body.error).toMatchObject({ code: 'VALIDATION_ERROR' });
      expect(JSON.stringify(later.body.error.details)).toContain('paper_document.issue_date');
    });

    it('issues an ordinary invoice (type 01) again once DIAN answers and the queue is through', async () => {
      const s = shape();
      await until(() => s.ingressLogs().find((l) => l.includes('DIAN answers again')), 'DIAN seen again');
      const answer = await s.post(exampleRequest);
      expect(answer.status, answer.text).toBe(201);
      const xml = await (await fetch(answer.body.xml_url)).text();
      expect(xml).toContain('<cbc:InvoiceTypeCode>01</cbc:InvoiceTypeCode>');
      await s.setContingency('demo', 'off');
    });
  });
}
