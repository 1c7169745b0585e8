/* eslint-disable @typescript-eslint/no-explicit-any -- JSON answers are checked field by field */
// Notes on an invoice with every kind of tax a line carries (IVA, INC, ICA, ICUI, INC bolsas, IBUA, fuel per gallon,
// ad valorem), on either shape: a partial credit, a debit, and a cancellation that credits each tax exactly as
// invoiced; and a cancellation of an invoice with withholdings, which the note does not carry (docs/notes.md,
// "Withholdings"). Each signed note is checked by DIAN's XSD (xmllint), xmlsec1, and its CUDE recomputed from its own
// XML (credit-debit-notes.ts's formula).
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInvoiceResponseSchema, invoiceStatusResponseSchema } from '@fe/contracts';
import { demoSoftware } from '@fe/dian-domain';
import { everyTaxInvoice } from '@fe/dian-domain/testing';
import { cac, childElements, parseXmlTree, readInvoiceDocument, readNoteDocument } from '@fe/dian-xml';
import { creditNoteXsd, debitNoteXsd, xmllintXsd, xmlsec1Verify } from '@fe/xades/testing';
import { beforeAll, describe, expect, it } from 'vitest';
import { pollStatus, type HttpAnswer } from '../http-client.ts';
import type { Shape } from '../shapes/shape.ts';
import { exampleRequest } from '../world.ts';
import { cudeFromXml, postNote } from './credit-debit-notes.ts';

/** The signed XML of an accepted note, after DIAN's XSD, xmlsec1 and the CUDE recomputed from it agree. */
async function checkedNote(shape: Shape, answer: HttpAnswer, xsd: string): Promise<string> {
  expect({ status: answer.status, errors: answer.body?.tax_authority_response?.errors }).toEqual({
    status: 201,
    errors: undefined,
  });
  const body = createInvoiceResponseSchema.parse(answer.body);
  const xml = await (await fetch(body.xml_url)).text();
  const file = join(shape.scratchDir, `${body.number}.xml`);
  const ca = join(shape.scratchDir, 'every-tax-demo-ca.pem');
  writeFileSync(file, xml);
  writeFileSync(ca, (await shape.trustedCaPems('demo'))[0]!);
  for (const verdict of [xmllintXsd(file, xsd), xmlsec1Verify(file, ca)]) expect(verdict.ok, verdict.output).toBe(true);
  expect(cudeFromXml(xml, demoSoftware.pin)).toBe(body.cufe);
  return xml;
}

const codes = ['01', '04', '03', '35', '34', '22', '24', '36'];

/** The one case the distributed shape runs too: an invoice with every tax cancelled without lines. */
export function everyTaxCancellationSuite(shape: () => Shape): void {
  describe('a cancellation of an invoice with every tax', () => {
    let invoice: any;
    let cancellation: HttpAnswer;
    beforeAll(async () => {
      invoice = (await shape().post(everyTaxInvoice)).body;
      cancellation = await postNote(shape(), 'credit', { invoice: { cufe: invoice.cufe }, concept: '2' });
    }, 120_000);

    it('credits each tax exactly as invoiced, accepted, and voids the invoice', async () => {
      expect(invoice.status).toBe('accepted');
      const note = readNoteDocument(await checkedNote(shape(), cancellation, creditNoteXsd));
      const original = readInvoiceDocument(await (await fetch(invoice.xml_url)).text());
      expect(Object.keys(note.taxAmounts).sort()).toEqual([...codes].sort());
      expect(note.taxAmounts).toEqual(original.taxAmounts);
      expect([note.lineExtensionAmount, note.payableAmount]).toEqual(['237000.00', '287941.60']);
      expect(note.payableAmount).toBe(original.payableAmount);
      const status = invoiceStatusResponseSchema.parse(
        await pollStatus(shape(), invoice.cufe, (b) => b.voided === true),
      );
      expect(status.balance).toBe('0.00');
    });
  });
}

/** `shape` gives the deployment the file started (in its beforeAll); the demo tenant issues. */
export function notesEveryTaxSuite(shape: () => Shape): void {
  everyTaxCancellationSuite(shape);

  describe('a partial credit and a debit on an invoice with every tax', () => {
    const [snacks, service, lunches, bottles, bags] = everyTaxInvoice.lines;
    let invoice: any;
    let credit: HttpAnswer;
    let debit: HttpAnswer;
    beforeAll(async () => {
      invoice = (await shape().post(everyTaxInvoice)).body;
      const ref = { cufe: invoice.cufe };
      // One snack (ICUI), the ICA service, 2 bottles (IBUA) and 3 bags (INC bolsas), each with its IVA.
      const returned = [{ ...snacks!, quantity: 1 }, service!, { ...bottles!, quantity: 2 }, { ...bags!, quantity: 3 }];
      credit = await postNote(shape(), 'credit', { invoice: ref, concept: '1', lines: returned });
      debit = await postNote(shape(), 'debit', { invoice: ref, concept: '3', lines: [lunches!, bottles!, bags!] });
    }, 120_000);

    it('accepts the credit note with a TaxTotal per tax it credits: 80 161.60', async () => {
      const note = readNoteDocument(await checkedNote(shape(), credit, creditNoteXsd));
      expect(note.taxAmounts).toEqual({
        '01': '12464.00',
        '35': '800.00',
        '03': '579.60',
        '34': '520.00',
        '22': '198.00',
      });
      expect(note.payableAmount).toBe('80161.60');
    });

    it("draws the credit note's PDF with each tax it credits, the per-unit ones by their amount and measure", async () => {
      const pdf = join(shape().scratchDir, `${credit.body.number}.pdf`);
      writeFileSync(pdf, Buffer.from(await (await fetch(credit.body.pdf_url)).arrayBuffer()));
      const text = spawnSync('pdftotext', ['-layout', '-enc', 'UTF-8', pdf, '-'], { encoding: 'utf8' }).stdout;
      for (const words of ['35 ICUI', '03 ICA', '34 IBUA', '22 INC Bolsas', '0,65 × 800 ml', '66,00 × 3 und'])
        expect(text).toContain(words);
    });

    it('accepts the debit note with the per-unit taxes per line and INC: 119 590.00', async () => {
      const xml = await checkedNote(shape(), debit, debitNoteXsd);
      // 100 000 + INC 8 000; 5 000 + IVA 950 + IBUA 2 600; 2 000 + IVA 380 + bolsas 660.
      expect(readNoteDocument(xml).taxAmounts).toEqual({
        '01': '1330.00',
        '04': '8000.00',
        '34': '2600.00',
        '22': '660.00',
      });
      expect(readNoteDocument(xml).payableAmount).toBe('119590.00');
      expect(childElements(parseXmlTree(xml), ...cac('DebitNoteLine'))).toHaveLength(3);
    });

    it("leaves the invoice's balance at what it was, less the credit, plus the debit", async () => {
      const status = invoiceStatusResponseSchema.parse(
        await pollStatus(shape(), invoice.cufe, (b) => b.notes?.length === 2),
      );
      expect(status.balance).toBe('327370.00'); // 287 941.60 − 80 161.60 + 119 590.00
    });
  });

  describe('a cancellation of an invoice with withholdings', () => {
    const withheld = { ...exampleRequest, withholdings: [{ code: '06', rate: 2.5 }] };
    let invoice: any;
    let cancellation: HttpAnswer;
    beforeAll(async () => {
      invoice = (await shape().post(withheld)).body;
      cancellation = await postNote(shape(), 'credit', { invoice: { cufe: invoice.cufe }, concept: '2' });
    }, 120_000);

    it('credits the whole payable amount and carries no WithholdingTaxTotal', async () => {
      const invoiceXml = await (await fetch(invoice.xml_url)).text();
      expect(childElements(parseXmlTree(invoiceXml), ...cac('WithholdingTaxTotal'))).toHaveLength(1);
      const xml = await checkedNote(shape(), cancellation, creditNoteXsd);
      expect(childElements(parseXmlTree(xml), ...cac('WithholdingTaxTotal'))).toEqual([]);
      expect(readNoteDocument(xml).payableAmount).toBe(readInvoiceDocument(invoiceXml).payableAmount);
    });

    it('refuses withholdings on a note: 400 VALIDATION_ERROR naming withholdings', async () => {
      const refused = await postNote(shape(), 'credit', {
        invoice: { cufe: invoice.cufe },
        concept: '2',
        withholdings: [{ code: '06', rate: 2.5 }],
      });
      expect({
        status: refused.status,
        code: refused.body.error.code,
        path: refused.body.error.details[0].path,
      }).toEqual({ status: 400, code: 'VALIDATION_ERROR', path: 'withholdings' });
    });
  });
}
