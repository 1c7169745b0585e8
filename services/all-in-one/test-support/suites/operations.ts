// AIU (operation 09) and mandates (11) end to end on either shape: examples/invoice-aiu.json and
// invoice-mandate.json accepted by the simulator with DIAN's XSD, signatures verified by xmlsec1 and xades4j, each
// CUFE recomputed from the signed XML by the annex's formula (signed-invoice-checks.ts), the totals against
// arithmetic written here, the PDF read with pdftotext; then a credit note on each (docs/notes.md, "AIU and mandate
// invoices").
import { child, children, ownText, parseXmlTree } from '@fe/dian-xml';
import { beforeAll, describe, expect, it } from 'vitest';
import type { HttpAnswer } from '../http-client.ts';
import type { Shape } from '../shapes/shape.ts';
import { annexCufe, exampleRequest, expectSignatureVerified, pdfText } from './signed-invoice-checks.ts';
import { postNote } from './credit-debit-notes.ts';

const money = (cents: bigint) => `${cents / 100n}.${String(cents % 100n).padStart(2, '0')}`;
const amount = (name: string, cents: bigint) => `<cbc:${name} currencyID="COP">${money(cents)}</cbc:${name}>`;

// invoice-aiu.json: 120 000 000 + 35 000 000 + 250 m² × 80 000 = 175 000 000 of contract; A 10 %, I 5 %, U 5 % of
// it; IVA 19 % on U alone.
const direct = 175_000_000_00n;
const [a, i, u] = [(direct * 10n) / 100n, (direct * 5n) / 100n, (direct * 5n) / 100n];
const aiuIva = (u * 19n) / 100n;
// invoice-mandate.json: 4 × 180 000 (a principal's, excluded) + 2 × 250 000 (a principal's, IVA 19 %) + 48 000 (the
// seller's commission, IVA 19 %).
const mandateTaxed = 2n * 250_000_00n + 48_000_00n;
const mandateGross = 4n * 180_000_00n + mandateTaxed;
const mandateIva = (mandateTaxed * 19n) / 100n;

const cases = [
  {
    file: 'invoice-aiu.json',
    xml: [
      '<cbc:CustomizationID>09</cbc:CustomizationID>',
      '<cbc:Note>Contrato de servicios AIU por concepto de: Construcción de la bodega de la Calle 13 en Funza, contrato 2026-017</cbc:Note>',
      `${amount('LineExtensionAmount', a)}<cac:Item><cbc:Description>Administración</cbc:Description>`,
      `${amount('LineExtensionAmount', i)}<cac:Item><cbc:Description>Imprevistos</cbc:Description>`,
      `${amount('LineExtensionAmount', u)}<cac:TaxTotal>${amount('TaxAmount', aiuIva)}`,
      amount('LineExtensionAmount', direct + a + i + u) + amount('TaxExclusiveAmount', u),
      amount('PayableAmount', direct + a + i + u + aiuIva),
    ],
    taxedLines: ['6'],
    pdf: [
      'Costo directo (contrato AIU)',
      '$ 175.000.000,00',
      'Administración (A)',
      '$ 17.500.000,00',
      'Imprevistos (I)',
      'Utilidad (U)',
      '$ 8.750.000,00',
      'Contrato de servicios AIU por concepto de:',
      '$ 1.662.500,00',
      '$ 211.662.500,00',
    ],
  },
  {
    file: 'invoice-mandate.json',
    xml: [
      '<cbc:CustomizationID>11</cbc:CustomizationID>',
      '<cac:InvoiceLine><cbc:ID schemeID="1">1</cbc:ID>',
      '<cac:InvoiceLine><cbc:ID schemeID="1">2</cbc:ID>',
      '<cac:InvoiceLine><cbc:ID schemeID="0">3</cbc:ID>',
      '<cac:InformationContentProviderParty><cac:PowerOfAttorney><cac:AgentParty><cac:PartyIdentification><cbc:ID schemeAgencyID="195" schemeAgencyName="CO, DIAN (Dirección de Impuestos y Aduanas Nacionales)" schemeID="4" schemeName="31">900373076</cbc:ID></cac:PartyIdentification><cac:PartyName><cbc:Name>Producciones Sonoras S.A.S.</cbc:Name>',
      'schemeName="13">79456123</cbc:ID></cac:PartyIdentification><cac:PartyName><cbc:Name>Carlos Pérez Gómez</cbc:Name>',
      amount('LineExtensionAmount', mandateGross) + amount('TaxExclusiveAmount', mandateTaxed),
      amount('PayableAmount', mandateGross + mandateIva),
    ],
    taxedLines: ['2', '3'],
    pdf: [
      // each principal under its line's description, wrapped in its column
      'Mandante: NIT 900.373.076-4',
      'Sonoras S.A.S.',
      'Mandante: Cédula de ciudadanía 79456123',
      'Carlos Pérez Gómez',
      '$ 1.372.120,00',
    ],
  },
];

/** `shape` gives the deployment the file started (in its beforeAll). */
export function operationsSuite(shape: () => Shape): void {
  describe.each(cases)('examples/$file', ({ file, xml: marks, taxedLines, pdf: shown }) => {
    let answer: HttpAnswer;
    let xml: string;
    beforeAll(async () => {
      answer = await shape().post(exampleRequest(file));
      xml = answer.status === 201 ? await (await fetch(answer.body.xml_url)).text() : '';
    }, 60_000);

    it('is accepted by DIAN (XSD checked) with the CUFE of the annex formula and the totals added up here', () => {
      expect({ status: answer.status, errors: answer.body?.tax_authority_response?.errors }).toEqual({
        status: 201,
        errors: undefined,
      });
      expect(annexCufe(xml)).toBe(answer.body.cufe);
      for (const mark of marks) expect(xml).toContain(mark);
      // IVA on the taxed lines alone: the AIU profit; the mandate's hotel night and commission.
      const lines = children(parseXmlTree(xml), 'InvoiceLine');
      expect(lines.filter((line) => child(line, 'TaxTotal')).map((line) => ownText(line, 'ID'))).toEqual(taxedLines);
    });

    it("is signed as xmlsec1 and xades4j (DIAN's library) verify", async () => {
      await expectSignatureVerified(shape(), file, xml);
    });

    it('has a PDF that prints the operation: the AIU breakdown, or each principal on its line', async () => {
      const text = await pdfText(shape(), file, answer.body.pdf_url);
      for (const words of shown) expect(text).toContain(words);
    });
  });

  describe('credit notes on an AIU and a mandate invoice (docs/notes.md)', () => {
    let profitCredit: HttpAnswer;
    let profitCreditXml: string;
    let cancellation: HttpAnswer;
    let cancellationXml: string;
    beforeAll(async () => {
      const aiu = (await shape().post(exampleRequest('invoice-aiu.json'))).body;
      // Half the profit back: 4 375 000 + IVA 19 % = 5 206 250.00.
      profitCredit = await postNote(shape(), 'credit', {
        invoice: { cufe: aiu.cufe },
        concept: '3',
        lines: [
          {
            code: 'AIU-U',
            name: 'Utilidad (rebaja)',
            quantity: 1,
            unit_price: 4375000,
            taxes: [{ code: '01', name: 'IVA', rate: 19 }],
          },
        ],
      });
      profitCreditXml = profitCredit.status === 201 ? await (await fetch(profitCredit.body.xml_url)).text() : '';
      const mandate = (await shape().post(exampleRequest('invoice-mandate.json'))).body;
      cancellation = await postNote(shape(), 'credit', { invoice: { cufe: mandate.cufe }, concept: '2' });
      cancellationXml = cancellation.status === 201 ? await (await fetch(cancellation.body.xml_url)).text() : '';
    }, 120_000);

    it("credits part of an AIU invoice's profit with its IVA: accepted", () => {
      expect({ status: profitCredit.status, errors: profitCredit.body?.tax_authority_response?.errors }).toEqual({
        status: 201,
        errors: undefined,
      });
      expect(profitCreditXml).toContain(amount('PayableAmount', u / 2n + ((u / 2n) * 19n) / 100n));
    });

    it("cancels a mandate invoice by its document's lines, without the principals: accepted, the whole balance", () => {
      expect({ status: cancellation.status, errors: cancellation.body?.tax_authority_response?.errors }).toEqual({
        status: 201,
        errors: undefined,
      });
      expect(cancellationXml).toContain(amount('PayableAmount', mandateGross + mandateIva));
      expect(cancellationXml).not.toContain('InformationContentProviderParty');
    });
  });
}
