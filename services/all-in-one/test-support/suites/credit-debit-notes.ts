/* eslint-disable @typescript-eslint/no-explicit-any -- JSON answers are checked field by field */
// Credit and debit notes end to end on either shape: partial credit, an over-credit refused, a debit, then a
// cancellation of the balance; each CUDE recomputed from the signed XML by a formula written here.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInvoiceResponseSchema, errorBodySchema, invoiceStatusResponseSchema } from '@fe/contracts';
import { demoSoftware } from '@fe/dian-domain';
import { cbc, parseXmlTree, readInvoiceDocument, readNoteDocument, textAt } from '@fe/dian-xml';
import { beforeAll, describe, expect, it } from 'vitest';
import { xades4jJar, xades4jVerify, xmlsec1Verify } from '@fe/xades/testing';
import { exampleRequest } from '../world.ts';
import { pollStatus, type HttpAnswer } from '../http-client.ts';
import type { Shape } from '../shapes/shape.ts';

/** POST a note the way an integrator does: the tenant's key, JSON. */
export async function postNote(
  shape: Pick<Shape, 'url' | 'apiKey'>,
  kind: 'credit' | 'debit',
  body: unknown,
): Promise<HttpAnswer> {
  const response = await fetch(`${shape.url}/api/v1/service/${kind}-note`, {
    method: 'POST',
    headers: { authorization: `Bearer ${shape.apiKey}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : undefined, text };
}

/** The local names of the root's child elements, in document order. */
const rootChildren = (xml: string) =>
  parseXmlTree(xml).content.flatMap((c) => (typeof c === 'string' ? [] : [c.localName]));

/** The text of the root's cbc child `name`. */
const rootText = (xml: string, name: string) => textAt(parseXmlTree(xml), cbc(name));

/**
 * Annex 1.9 §1.2, from the document alone: SHA-384 of NumNC, FecNC, HorNC, ValNC, 01 ValIva, 04
 * ValInc, 03 ValIca, ValTot, NitOFE, NumAdq, the software PIN and the environment.
 */
export function cudeFromXml(xml: string, pin: string): string {
  const note = readNoteDocument(xml);
  const field = (value: string | undefined, name: string) => {
    if (value === undefined) throw new Error(`no ${name} in the note's XML`);
    return value;
  };
  const tax = (code: string) => `${code}${note.taxAmounts[code] ?? '0.00'}`;
  const input =
    field(note.number, 'cbc:ID') +
    field(note.issueDate, 'cbc:IssueDate') +
    field(note.issueTime, 'cbc:IssueTime') +
    field(note.lineExtensionAmount, 'cbc:LineExtensionAmount') +
    tax('01') +
    tax('04') +
    tax('03') +
    field(note.payableAmount, 'cbc:PayableAmount') +
    field(note.supplierNit, "the supplier's cbc:CompanyID") +
    field(note.customerId, "the customer's cbc:CompanyID") +
    pin +
    field(note.environment, 'cbc:ProfileExecutionID');
  return createHash('sha384').update(input, 'utf8').digest('hex');
}

/** `shape` gives the deployment the file started (in its beforeAll); the demo tenant issues. */
export function creditDebitNotesSuite(shape: () => Shape): void {
  describe('credit and debit notes on one invoice (issue 19)', () => {
    // exampleRequest: 2 × 150 000 + IVA 19 % (357 000.00) and 3 × 25 000.50 + INC 8 % (81 001.62) = 438 001.62.
    const consultancy = (quantity: number) => ({
      code: 'SRV-001',
      name: 'Consultoría',
      quantity,
      unit_price: 150000,
      taxes: [{ code: '01', name: 'IVA', rate: 19 }],
    });
    const lunches = {
      code: 'ALM-002',
      name: 'Almuerzo',
      quantity: 3,
      unit_price: '25000.50',
      taxes: [{ code: '04', name: 'INC', rate: 8 }],
    };
    const interest = { code: 'INT-1', name: 'Intereses de mora', quantity: 1, unit_price: 10000 };
    let invoice: any;
    let partial: HttpAnswer;
    let excess: HttpAnswer;
    let debit: HttpAnswer;
    let cancellation: HttpAnswer;

    beforeAll(async () => {
      invoice = (await shape().post(exampleRequest)).body;
      const ref = { cufe: invoice.cufe };
      partial = await postNote(shape(), 'credit', {
        invoice: ref,
        concept: '1',
        description: 'Devolución de una hora',
        lines: [consultancy(1)],
      });
      // 357 000.00 > 259 501.62 left
      excess = await postNote(shape(), 'credit', { invoice: ref, concept: '1', lines: [consultancy(2)] });
      debit = await postNote(shape(), 'debit', {
        invoice: { prefix: invoice.number.replace(/\d+$/, ''), number: Number(invoice.number.replace(/^\D+/, '')) },
        concept: '1',
        lines: [interest],
      });
      cancellation = await postNote(shape(), 'credit', {
        invoice: ref,
        concept: '2',
        lines: [consultancy(1), lunches, interest],
      }); // exactly 269 501.62
    }, 120_000);

    it('accepts a partial credit note: 201, numbered on its own prefix, the CUDE its signed XML yields', async () => {
      expect(invoice.status).toBe('accepted');
      expect(partial.status).toBe(201);
      const body = createInvoiceResponseSchema.parse(partial.body);
      expect(body).toMatchObject({
        status: 'accepted',
        document_type: 'credit_note',
        concept: '1',
        referenced_invoice: { cufe: invoice.cufe, number: invoice.number },
      });
      expect(body.number).toMatch(/^NC\d+$/);
      const xml = await (await fetch(body.xml_url)).text();
      expect(xml).toContain('<CreditNote');
      expect(rootText(xml, 'CustomizationID')).toBe('20');
      expect(rootText(xml, 'CreditNoteTypeCode')).toBe('91');
      expect(cudeFromXml(xml, demoSoftware.pin)).toBe(body.cufe);
    });

    it('refuses a second credit above what is left: 422 CREDIT_EXCEEDS_BALANCE naming the lines', () => {
      expect({ status: excess.status, code: excess.body?.error?.code }).toEqual({
        status: 422,
        code: 'CREDIT_EXCEEDS_BALANCE',
      });
      expect(errorBodySchema.safeParse(excess.body).success).toBe(true);
      expect(excess.body.error.details[0].path).toBe('lines');
    });

    it('accepts a debit note named by prefix and number, with the CUDE its XML yields', async () => {
      expect(debit.status).toBe(201);
      const body = createInvoiceResponseSchema.parse(debit.body);
      expect(body).toMatchObject({ document_type: 'debit_note', number: expect.stringMatching(/^ND\d+$/) });
      const xml = await (await fetch(body.xml_url)).text();
      expect(xml).toContain('<DebitNote');
      expect(rootText(xml, 'CustomizationID')).toBe('30');
      expect(cudeFromXml(xml, demoSoftware.pin)).toBe(body.cufe);
    });

    it('a cancellation of exactly the balance is accepted and voids the invoice; a later note is 409 INVOICE_VOIDED', async () => {
      expect(cancellation.status).toBe(201);
      const status = invoiceStatusResponseSchema.parse(
        await pollStatus(shape(), invoice.cufe, (b) => b.voided === true),
      );
      expect(status.notes!.map((n) => [n.document_type, n.number, n.concept, n.amount, n.status])).toEqual([
        ['credit_note', partial.body.number, '1', '178500.00', 'accepted'],
        ['debit_note', debit.body.number, '1', '10000.00', 'accepted'],
        ['credit_note', cancellation.body.number, '2', '269501.62', 'accepted'],
      ]);
      expect(status.balance).toBe('0.00');
      const late = await postNote(shape(), 'debit', {
        invoice: { cufe: invoice.cufe },
        concept: '2',
        lines: [interest],
      });
      expect({ status: late.status, code: late.body?.error?.code }).toEqual({ status: 409, code: 'INVOICE_VOIDED' });
    });

    it("hands out each note signed (xmlsec1 and xades4j verify it against the tenant's CA) and a PDF naming the note, its CUDE and the invoice", async () => {
      const caFile = join(shape().scratchDir, 'notes-demo-ca.pem');
      writeFileSync(caFile, (await shape().trustedCaPems('demo'))[0]!);
      for (const [i, note] of [partial, debit, cancellation].entries()) {
        const file = join(shape().scratchDir, `note-${i}.xml`);
        writeFileSync(file, Buffer.from(await (await fetch(note.body.xml_url)).arrayBuffer()));
        const xmlsec = xmlsec1Verify(file, caFile);
        expect(xmlsec.ok, xmlsec.output).toBe(true);
        if (existsSync(xades4jJar)) {
          const xades = xades4jVerify(file, caFile);
          expect(xades.ok, xades.output).toBe(true);
        }
        const pdf = join(shape().scratchDir, `note-${i}.pdf`);
        writeFileSync(pdf, Buffer.from(await (await fetch(note.body.pdf_url)).arrayBuffer()));
        const text = spawnSync('pdftotext', ['-layout', pdf, '-'], { encoding: 'utf8' }).stdout.replace(/\s+/g, '');
        expect(text).toContain(i === 1 ? 'NOTADÉBITOELECTRÓNICA' : 'NOTACRÉDITOELECTRÓNICA');
        expect(text).toContain(note.body.cufe);
        expect(text).toContain(note.body.number);
        expect(text).toContain(invoice.number);
        expect(text).toContain(invoice.cufe);
      }
    });

    it('answers the status of a note by its CUDE', async () => {
      const note = await shape().get(`/api/v1/service/status/${partial.body.cufe}`);
      expect(invoiceStatusResponseSchema.parse(note.body)).toMatchObject({
        status: 'accepted',
        document_type: 'credit_note',
        number: partial.body.number,
        referenced_invoice: { cufe: invoice.cufe },
      });
    });
  });

  describe('notes on an invoice with its own discounts and charges (issue 31)', () => {
    // examples/invoice-discounts.json: lines 7 110 000.00 + IVA 1 422 300.00 − 50 000.00 + 35 000.00 = 8 517 300.00.
    const discounted = JSON.parse(
      readFileSync(join(import.meta.dirname, '../../../../examples/invoice-discounts.json'), 'utf8'),
    ) as { allowance_charges: unknown[] };
    let cancelled: any;
    let cancellation: HttpAnswer;
    let charged: any;
    let debit: HttpAnswer;
    beforeAll(async () => {
      cancelled = (await shape().post(discounted)).body;
      cancellation = await postNote(shape(), 'credit', { invoice: { cufe: cancelled.cufe }, concept: '2' });
      charged = (await shape().post(discounted)).body;
      debit = await postNote(shape(), 'debit', {
        invoice: { cufe: charged.cufe },
        concept: '2',
        lines: [{ code: 'INT-1', name: 'Intereses de mora', quantity: 1, unit_price: 10000 }],
        allowance_charges: [{ type: 'charge', reason: 'Gastos de cobranza', amount: 5000 }],
      });
    }, 120_000);

    it('a cancellation without lines reproduces the invoice: its lines, its discounts and charges, its taxes, its payable amount', async () => {
      expect(cancelled.status).toBe('accepted');
      expect(cancellation.status, cancellation.text).toBe(201);
      const body = createInvoiceResponseSchema.parse(cancellation.body);
      const noteXml = await (await fetch(body.xml_url)).text();
      const invoiceXml = await (await fetch(cancelled.xml_url)).text();
      const note = readNoteDocument(noteXml);
      expect(note.payableAmount).toBe('8517300.00');
      const original = readInvoiceDocument(invoiceXml);
      expect(note.taxAmounts['01']).toBe(original.taxAmounts['01']);
      expect(note.lineExtensionAmount).toBe(original.lineExtensionAmount);
      // The document's two, after its PaymentMeans (the lines' own are inside their lines).
      const names = rootChildren(noteXml);
      expect(names.filter((n) => n === 'AllowanceCharge')).toHaveLength(2);
      expect(names.indexOf('AllowanceCharge')).toBeGreaterThan(names.indexOf('PaymentMeans'));
      expect(cudeFromXml(noteXml, demoSoftware.pin)).toBe(body.cufe);
      const status = invoiceStatusResponseSchema.parse(
        await pollStatus(shape(), cancelled.cufe, (b) => b.voided === true),
      );
      expect(status.balance).toBe('0.00');
    });

    it("a debit note carries a charge of its own, before its PaymentMeans as DebitNote's schema orders it", async () => {
      expect(debit.status, debit.text).toBe(201);
      const body = createInvoiceResponseSchema.parse(debit.body);
      const xml = await (await fetch(body.xml_url)).text();
      expect(readNoteDocument(xml).payableAmount).toBe('15000.00');
      const names = rootChildren(xml);
      expect(names.indexOf('AllowanceCharge')).toBeGreaterThan(-1);
      expect(names.indexOf('AllowanceCharge')).toBeLessThan(names.indexOf('PaymentMeans'));
      expect(cudeFromXml(xml, demoSoftware.pin)).toBe(body.cufe);
      const caFile = join(shape().scratchDir, 'notes-ac-demo-ca.pem');
      writeFileSync(caFile, (await shape().trustedCaPems('demo'))[0]!);
      for (const [i, answer] of [cancellation, debit].entries()) {
        const file = join(shape().scratchDir, `note-ac-${i}.xml`);
        writeFileSync(file, Buffer.from(await (await fetch(answer.body.xml_url)).arrayBuffer()));
        const xmlsec = xmlsec1Verify(file, caFile);
        expect(xmlsec.ok, xmlsec.output).toBe(true);
      }
    });
  });
}
