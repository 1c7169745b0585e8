// The line taxes beyond IVA and INC end to end on either shape: examples/invoice-other-taxes.json (ICA, ICUI, a
// vehicle's IVA and INC), invoice-per-unit-taxes.json (INC bolsas, IBUA) and invoice-fuel-liquor-data-taxes.json (fuel
// taxes per gallon, ICL per degree, ad valorem, IC datos) accepted by the simulator with DIAN's
// XSD, their signatures verified by xmlsec1 and xades4j, each CUFE recomputed from the signed XML by the annex's
// formula (signed-invoice-checks.ts), and the PDF naming each tax.
import { beforeAll, describe, expect, it } from 'vitest';
import type { HttpAnswer } from '../http-client.ts';
import type { Shape } from '../shapes/shape.ts';
import { annexCufe, exampleRequest, expectSignatureVerified, pdfText } from './signed-invoice-checks.ts';

/** What each example's signed XML and PDF must show. */
const cases = [
  {
    file: 'invoice-other-taxes.json',
    // 420 000 + IVA 79 800 + ICUI 84 000; 350 000 + IVA 66 500 + ICA 3 381; a vehicle 180 000 000 + IVA 34 200 000 +
    // INC 16 % 28 800 000. Each taxed line's base counts once in TaxExclusiveAmount (FAU04).
    xml: [
      '<cac:TaxTotal><cbc:TaxAmount currencyID="COP">3381.00</cbc:TaxAmount><cac:TaxSubtotal><cbc:TaxableAmount currencyID="COP">350000.00</cbc:TaxableAmount><cbc:TaxAmount currencyID="COP">3381.00</cbc:TaxAmount><cac:TaxCategory><cbc:Percent>0.966</cbc:Percent><cac:TaxScheme><cbc:ID>03</cbc:ID><cbc:Name>ICA</cbc:Name>',
      '<cbc:Percent>20.00</cbc:Percent><cac:TaxScheme><cbc:ID>35</cbc:ID><cbc:Name>ICUI</cbc:Name>',
      '<cbc:TaxExclusiveAmount currencyID="COP">180770000.00</cbc:TaxExclusiveAmount><cbc:TaxInclusiveAmount currencyID="COP">244003681.00</cbc:TaxInclusiveAmount>',
    ],
    pdf: ['35 ICUI', '03 ICA', '04 INC', '$ 84.000,00', '$ 3.381,00', '$ 28.800.000,00'],
  },
  {
    file: 'invoice-per-unit-taxes.json',
    // 24 bottles × 400 ml = 9 600 ml × 0.65 = 6 240.00; 3 bags × 66.00 = 198.00; IVA 11 400.00 + 114.00.
    xml: [
      '<cbc:TaxAmount currencyID="COP">6240.00</cbc:TaxAmount><cbc:BaseUnitMeasure unitCode="MLT">9600</cbc:BaseUnitMeasure><cbc:PerUnitAmount currencyID="COP">0.65</cbc:PerUnitAmount><cac:TaxCategory><cac:TaxScheme><cbc:ID>34</cbc:ID><cbc:Name>IBUA</cbc:Name>',
      '<cbc:TaxAmount currencyID="COP">198.00</cbc:TaxAmount><cbc:BaseUnitMeasure unitCode="94">3</cbc:BaseUnitMeasure><cbc:PerUnitAmount currencyID="COP">66.00</cbc:PerUnitAmount><cac:TaxCategory><cac:TaxScheme><cbc:ID>22</cbc:ID><cbc:Name>INC Bolsas</cbc:Name>',
      '<cbc:TaxInclusiveAmount currencyID="COP">78552.00</cbc:TaxInclusiveAmount>',
    ],
    pdf: ['34 IBUA', '22 INC Bolsas', '0,65 × 9.600 ml', '66,00 × 3 und', '$ 6.240,00', '$ 198,00'],
  },
  {
    file: 'invoice-fuel-liquor-data-taxes.json',
    // 10 gal × 15 000 = 150 000, IVA 28 500, INCombustibles 10 × 1 036 = 10 360, sobretasa 10 × 1 850 = 18 500;
    // 6 × 45 000 = 270 000, IVA 5 % 13 500, ICL 6 × 29 grados × 439.13 = 76 408.62, ad valorem 25 % 67 500;
    // 40 000, IVA 7 600, IC datos 4 % 1 600. Taxes 223 968.62 over 460 000.
    xml: [
      '<cbc:TaxAmount currencyID="COP">10360.00</cbc:TaxAmount><cbc:BaseUnitMeasure unitCode="GLL">10</cbc:BaseUnitMeasure><cbc:PerUnitAmount currencyID="COP">1036.00</cbc:PerUnitAmount><cac:TaxCategory><cac:TaxScheme><cbc:ID>24</cbc:ID><cbc:Name>INCombustibles</cbc:Name>',
      '<cbc:TaxAmount currencyID="COP">76408.62</cbc:TaxAmount><cbc:BaseUnitMeasure unitCode="94">174</cbc:BaseUnitMeasure><cbc:PerUnitAmount currencyID="COP">439.13</cbc:PerUnitAmount><cac:TaxCategory><cac:TaxScheme><cbc:ID>32</cbc:ID><cbc:Name>ICL</cbc:Name>',
      '<cbc:Percent>25.00</cbc:Percent><cac:TaxScheme><cbc:ID>36</cbc:ID><cbc:Name>ADV</cbc:Name>',
      '<cbc:Percent>4.00</cbc:Percent><cac:TaxScheme><cbc:ID>30</cbc:ID><cbc:Name>IC Datos</cbc:Name>',
      '<cbc:TaxExclusiveAmount currencyID="COP">460000.00</cbc:TaxExclusiveAmount><cbc:TaxInclusiveAmount currencyID="COP">683968.62</cbc:TaxInclusiveAmount>',
    ],
    pdf: [
      '24 INCombustibles',
      '25 Sobretasa Combustibles',
      '1.036,00 × 10',
      '32 ICL',
      '439,13 × 174',
      '$ 76.408,62',
      '36 ADV',
      '30 IC Datos',
      '$ 67.500,00',
    ],
  },
];

/** `shape` gives the deployment the file started (in its beforeAll). */
export function otherTaxesSuite(shape: () => Shape): void {
  describe.each(cases)('examples/$file', ({ file, xml: marks, pdf: shown }) => {
    let answer: HttpAnswer;
    let xml: string;
    beforeAll(async () => {
      answer = await shape().post(exampleRequest(file));
      xml = answer.status === 201 ? await (await fetch(answer.body.xml_url)).text() : '';
    }, 60_000);

    it('is accepted by DIAN (XSD checked) with the CUFE of the annex formula, over IVA, INC and ICA only', () => {
      expect({ status: answer.status, errors: answer.body?.tax_authority_response?.errors }).toEqual({
        status: 201,
        errors: undefined,
      });
      expect(annexCufe(xml)).toBe(answer.body.cufe);
      for (const mark of marks) expect(xml).toContain(mark);
    });

    it("is signed as xmlsec1 and xades4j (DIAN's library) verify", async () => {
      await expectSignatureVerified(shape(), file, xml);
    });

    it('has a PDF that prints each tax, its rate or per-unit amount and its value', async () => {
      const text = await pdfText(shape(), file, answer.body.pdf_url);
      for (const words of shown) expect(text).toContain(words);
    });
  });
}
