// Currency and export end to end on either shape: examples/invoice-export.json (type 02 in US dollars,
// FOB) and invoice-usd-at-home.json (type 01 in dollars) accepted by the simulator, valid against DIAN's XSD by
// xmllint, their signatures verified by xmlsec1 and xades4j, each CUFE recomputed from the signed XML by the annex's
// formula (signed-invoice-checks.ts; on the amounts as written, in the document's currency), and the PDF showing
// the rate.
import { demoSoftware } from '@fe/dian-domain';
import { CREDIT_NOTE_XSD, DEBIT_NOTE_XSD, xmllintValidate } from '@fe/dian-domain/testing';
import { parseXmlTree, readDocumentHead } from '@fe/dian-xml';
import { beforeAll, describe, expect, it } from 'vitest';
import type { HttpAnswer } from '../http-client.ts';
import type { Shape } from '../shapes/shape.ts';
import { annexCufe, exampleRequest, expectSignatureVerified, pdfText } from './signed-invoice-checks.ts';
import { cudeFromXml, postNote } from './credit-debit-notes.ts';

const cases = [
  {
    file: 'invoice-export.json',
    // 275 × 412.60 = 113 465.00 dollars at IVA 0 % (an export is exempt); FOB; × 3 912.45 = 443 926 139.25 pesos.
    xml: [
      '<cbc:InvoiceTypeCode>02</cbc:InvoiceTypeCode><cbc:DocumentCurrencyCode>USD</cbc:DocumentCurrencyCode>',
      '<cac:DeliveryTerms><cbc:SpecialTerms>Puerto de Cartagena</cbc:SpecialTerms><cbc:LossRiskResponsibilityCode>FOB</cbc:LossRiskResponsibilityCode><cbc:LossRisk>Franco a bordo</cbc:LossRisk></cac:DeliveryTerms>',
      '<cac:PaymentExchangeRate><cbc:SourceCurrencyCode>USD</cbc:SourceCurrencyCode><cbc:SourceCurrencyBaseRate>1.00</cbc:SourceCurrencyBaseRate><cbc:TargetCurrencyCode>COP</cbc:TargetCurrencyCode><cbc:TargetCurrencyBaseRate>1.00</cbc:TargetCurrencyBaseRate><cbc:CalculationRate>3912.45</cbc:CalculationRate><cbc:Date>2026-01-02</cbc:Date></cac:PaymentExchangeRate>',
      '<cbc:PayableAmount currencyID="USD">113465.00</cbc:PayableAmount>',
    ],
    // The CUFE's amounts (ValFac 01 ValIva 04 ValInc 03 ValIca ValTot), in dollars as the XML writes them.
    cufeAmounts: '113465.00010.00040.00030.00113465.00',
    pdf: ['Moneda: USD', '1 USD = $ 3.912,45 COP (02/01/2026)', '$ 443.926.139,25', 'FOB (Franco a bordo)'],
  },
  {
    file: 'invoice-usd-at-home.json',
    // 3 × 1 850 = 5 550.00 + IVA 1 054.50 = 6 604.50 dollars; × 4 005.12 = 26 451 815.04 pesos.
    xml: [
      '<cbc:InvoiceTypeCode>01</cbc:InvoiceTypeCode><cbc:DocumentCurrencyCode>USD</cbc:DocumentCurrencyCode>',
      '<cbc:CalculationRate>4005.12</cbc:CalculationRate>',
      '<cbc:TaxAmount currencyID="USD">1054.50</cbc:TaxAmount>',
    ],
    cufeAmounts: '5550.00011054.50040.00030.006604.50',
    pdf: ['1 USD = $ 4.005,12 COP (02/01/2026)', '$ 26.451.815,04', 'DÓLARES ESTADOUNIDENSES'],
  },
];

/** `shape` gives the deployment the file started (in its beforeAll). */
export function currencySuite(shape: () => Shape): void {
  describe.each(cases)('examples/$file', ({ file, xml: marks, cufeAmounts, pdf: shown }) => {
    let answer: HttpAnswer;
    let xml: string;
    beforeAll(async () => {
      answer = await shape().post(exampleRequest(file));
      xml = answer.status === 201 ? await (await fetch(answer.body.xml_url)).text() : '';
    }, 60_000);

    it('is accepted by DIAN, in its currency, with the CUFE of the annex formula over the amounts as written', () => {
      expect({ status: answer.status, errors: answer.body?.tax_authority_response?.errors }).toEqual({
        status: 201,
        errors: undefined,
      });
      expect(annexCufe(xml)).toBe(answer.body.cufe);
      for (const mark of marks) expect(xml).toContain(mark);
      // Every amount in the document's currency (FAD15b): no COP amount beside the dollars.
      expect(xml).not.toContain('currencyID="COP"');
      const head = readDocumentHead(parseXmlTree(xml));
      const tax = (code: string) => code + (head.taxAmounts[code] ?? '0.00');
      expect(head.lineExtensionAmount! + tax('01') + tax('04') + tax('03') + head.payableAmount!).toBe(cufeAmounts);
    });

    it("validates against DIAN's UBL 2.1 XSD (xmllint)", () => {
      const result = xmllintValidate([{ name: file, xml }]);
      expect(result.status, result.output).toBe(0);
    });

    it("is signed as xmlsec1 and xades4j (DIAN's library) verify", async () => {
      await expectSignatureVerified(shape(), file, xml);
    });

    it('has a PDF that prints the currency, its rate with its date and the total in pesos', async () => {
      const text = await pdfText(shape(), file, answer.body.pdf_url);
      for (const words of shown) expect(text).toContain(words);
    });
  });

  // Notes on the dollar invoice (docs/notes.md, "Currency"): in dollars at the invoice's rate, bounded by its balance.
  describe('a credit and a debit note on examples/invoice-usd-at-home.json', () => {
    let invoice: HttpAnswer;
    let credit: HttpAnswer;
    let excess: HttpAnswer;
    let debit: HttpAnswer;
    beforeAll(async () => {
      invoice = await shape().post(exampleRequest('invoice-usd-at-home.json'));
      const ref = { cufe: invoice.body.cufe };
      const license = (quantity: number) => ({
        code: 'LIC-ERP-12',
        name: 'Licencia de software ERP, 12 meses',
        quantity,
        unit_price: 1850,
        taxes: [{ code: '01', name: 'IVA', rate: 19 }],
      });
      credit = await postNote(shape(), 'credit', { invoice: ref, concept: '1', lines: [license(1)] }); // 2 201.50
      excess = await postNote(shape(), 'credit', { invoice: ref, concept: '1', lines: [license(3)] }); // 6 604.50 > 4 403.00
      debit = await postNote(shape(), 'debit', {
        invoice: ref,
        concept: '1',
        lines: [{ ...license(1), unit_price: 25, taxes: [] }],
      });
    }, 120_000);

    it('are accepted in dollars at the invoice rate, each CUDE the one its XML yields', async () => {
      expect([invoice.status, credit.status, debit.status]).toEqual([201, 201, 201]);
      for (const note of [credit, debit]) {
        const xml = await (await fetch(note.body.xml_url)).text();
        expect(cudeFromXml(xml, demoSoftware.pin)).toBe(note.body.cufe);
        expect(xml).toContain('<cbc:DocumentCurrencyCode>USD</cbc:DocumentCurrencyCode>');
        expect(xml).toContain('<cbc:CalculationRate>4005.12</cbc:CalculationRate><cbc:Date>2026-01-02</cbc:Date>');
        expect(xml).not.toContain('currencyID="COP"');
        expect(xmllintValidate([{ name: 'note', xml }], noteSchema(xml)).status).toBe(0);
      }
      expect(await (await fetch(credit.body.xml_url)).text()).toContain(
        '<cbc:PayableAmount currencyID="USD">2201.50</cbc:PayableAmount>',
      );
    });

    it('refuses a credit above the balance in dollars: 422 CREDIT_EXCEEDS_BALANCE', () => {
      expect({ status: excess.status, code: excess.body?.error?.code }).toEqual({
        status: 422,
        code: 'CREDIT_EXCEEDS_BALANCE',
      });
    });
  });
}

/** DIAN's XSD for the note's root. */
const noteSchema = (xml: string) => (xml.includes('<CreditNote') ? CREDIT_NOTE_XSD : DEBIT_NOTE_XSD);
