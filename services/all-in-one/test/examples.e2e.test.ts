// Every request of examples/ posted to the embedded service: DIAN (the simulator) accepts each, and the signed
// XML and PDF carry what was asked.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createInvoiceResponseSchema } from '@fe/contracts';
import { startWorld, type World } from '../test-support/world.ts';

const examplesDir = resolve(import.meta.dirname, '../../../examples');
// The invoice requests; examples/tenant.json is `pnpm fe tenant create`'s input.
const examples = readdirSync(examplesDir)
  .filter((f) => f.startsWith('invoice-') && f.endsWith('.json'))
  .sort();

/** What each example's signed XML must show, besides being accepted. */
const marks: Record<string, string[]> = {
  'invoice-discounts.json': [
    '<cac:AllowanceCharge><cbc:ID>1</cbc:ID><cbc:ChargeIndicator>false</cbc:ChargeIndicator><cbc:AllowanceChargeReasonCode>00</cbc:AllowanceChargeReasonCode>',
    '<cbc:AllowanceTotalAmount currencyID="COP">50000.00</cbc:AllowanceTotalAmount><cbc:ChargeTotalAmount currencyID="COP">35000.00</cbc:ChargeTotalAmount>',
  ],
  // AIU and mandates (test-support/suites/operations.ts checks them on both shapes, with the CUFE and the arithmetic).
  'invoice-aiu.json': ['<cbc:CustomizationID>09</cbc:CustomizationID>'],
  'invoice-mandate.json': ['<cbc:CustomizationID>11</cbc:CustomizationID>'],
  'invoice-advance.json': [
    '<cac:PrepaidPayment><cbc:ID>RC-2026-0145</cbc:ID><cbc:PaidAmount currencyID="COP">10000000.00</cbc:PaidAmount><cbc:ReceivedDate>2026-01-15</cbc:ReceivedDate></cac:PrepaidPayment>',
    // Advances are recorded and not subtracted (FAU14): 40000000 + 19 % = 47600000.00.
    '<cbc:PrepaidAmount currencyID="COP">15000000.00</cbc:PrepaidAmount><cbc:PayableAmount currencyID="COP">47600000.00</cbc:PayableAmount>',
  ],
  'invoice-free-sample.json': [
    '<cbc:LineExtensionAmount currencyID="COP">0.00</cbc:LineExtensionAmount><cbc:FreeOfChargeIndicator>true</cbc:FreeOfChargeIndicator><cac:PricingReference><cac:AlternativeConditionPrice><cbc:PriceAmount currencyID="COP">3800.00</cbc:PriceAmount><cbc:PriceTypeCode>01</cbc:PriceTypeCode>',
  ],
  // Currency and export (test-support/suites/currency.ts checks them on both shapes, with the CUFE and xmllint).
  'invoice-export.json': [
    '<cbc:InvoiceTypeCode>02</cbc:InvoiceTypeCode>',
    '<cbc:DocumentCurrencyCode>USD</cbc:DocumentCurrencyCode>',
    '<cbc:PayableAmount currencyID="USD">113465.00</cbc:PayableAmount>',
  ],
  'invoice-usd-at-home.json': [
    '<cbc:InvoiceTypeCode>01</cbc:InvoiceTypeCode>',
    '<cbc:CalculationRate>4005.12</cbc:CalculationRate>',
    '<cbc:PayableAmount currencyID="USD">6604.50</cbc:PayableAmount>',
  ],
  'invoice-foreign-buyer.json': [
    '<cbc:ID schemeName="41">X4821937</cbc:ID>',
    '<cbc:CityName>New York</cbc:CityName><cbc:PostalZone>10118</cbc:PostalZone><cbc:CountrySubentity>NY</cbc:CountrySubentity><cac:AddressLine><cbc:Line>350 Fifth Avenue, Suite 4200</cbc:Line></cac:AddressLine><cac:Country><cbc:IdentificationCode>US</cbc:IdentificationCode>',
    '<cbc:PriceAmount currencyID="COP">285000.123456</cbc:PriceAmount>',
  ],
  // The taxes beyond IVA and INC (test-support/suites/other-taxes.ts checks them on both shapes, with the CUFE).
  'invoice-other-taxes.json': ['<cbc:TaxInclusiveAmount currencyID="COP">244003681.00</cbc:TaxInclusiveAmount>'],
  'invoice-per-unit-taxes.json': ['<cbc:BaseUnitMeasure unitCode="MLT">9600</cbc:BaseUnitMeasure>'],
  'invoice-fuel-liquor-data-taxes.json': ['<cbc:PayableAmount currencyID="COP">683968.62</cbc:PayableAmount>'],
  'invoice-request.json': ['<cbc:AllowanceTotalAmount currencyID="COP">0.00</cbc:AllowanceTotalAmount>'],
  // Withholdings after the taxes, informative: 40 × 185 000 = 7 400 000.00, IVA 1 406 000.00, payable unchanged.
  'invoice-withholdings.json': [
    '<cac:WithholdingTaxTotal><cbc:TaxAmount currencyID="COP">210900.00</cbc:TaxAmount><cac:TaxSubtotal><cbc:TaxableAmount currencyID="COP">1406000.00</cbc:TaxableAmount>',
    '<cbc:Percent>0.966</cbc:Percent><cac:TaxScheme><cbc:ID>07</cbc:ID><cbc:Name>ReteICA</cbc:Name>',
    '<cbc:PayableAmount currencyID="COP">8806000.00</cbc:PayableAmount>',
  ],
};

/** What each example's PDF must show (pdftotext). */
const pdfShows: Record<string, string[]> = {
  'invoice-advance.json': ['Anticipos', '$ 15.000.000,00', 'Saldo a pagar (menos anticipos)', '$ 32.600.000,00'],
  'invoice-discounts.json': [
    'Descuentos',
    '$ 50.000,00',
    'Cargos',
    '$ 35.000,00',
    'del 10 % sobre $ 7.500.000,00: Descuento por volumen',
    'Pronto pago (condicionado a pago en 10 días)',
  ],
  'invoice-aiu.json': ['Utilidad (U)', '$ 211.662.500,00'],
  'invoice-foreign-buyer.json': ['New York', 'X4821937'],
  'invoice-mandate.json': ['Mandante: NIT 900.373.076-4', 'Sonoras S.A.S.'],
  // 275 × 412.60 = 113 465.00 dollars × 3 912.45 = 443 926 139.25 pesos.
  'invoice-export.json': ['1 USD = $ 3.912,45 COP (02/01/2026)', '$ 443.926.139,25', 'FOB (Franco a bordo)'],
  // 3 × 1 850 + IVA 19 % = 6 604.50 dollars × 4 005.12 = 26 451 815.04 pesos; ReteFuente 3.5 % of 5 550.00.
  'invoice-usd-at-home.json': ['1 USD = $ 4.005,12 COP (02/01/2026)', '$ 26.451.815,04', '$ 194,25'],
  'invoice-withholdings.json': [
    'Retención ReteRenta',
    '$ 185.000,00',
    'Retención ReteIVA',
    '$ 210.900,00',
    'Retención ReteICA',
    '$ 71.484,00',
    'Neto a recibir (menos retenciones)',
    '$ 8.338.616,00',
  ],
};

let world: World;
beforeAll(async () => {
  world = await startWorld();
});
afterAll(async () => world?.close());

describe('the requests of examples/', () => {
  it('are the thirteen the README lists', () => {
    expect(examples).toEqual(Object.keys(marks).sort());
  });

  it.each(examples)(
    '%s is accepted end to end',
    async (file) => {
      const answer = await world.post(JSON.parse(readFileSync(join(examplesDir, file), 'utf8')));
      expect({
        status: answer.status,
        errors: answer.body?.tax_authority_response?.errors ?? answer.body?.error,
      }).toEqual({ status: 201, errors: undefined });
      expect(createInvoiceResponseSchema.parse(answer.body)).toMatchObject({ success: true, status: 'accepted' });
      const xml = await (await fetch(answer.body.xml_url)).text();
      for (const mark of marks[file]!) expect(xml).toContain(mark);
      const pdf = await fetch(answer.body.pdf_url);
      expect(pdf.status).toBe(200);
      const pdfFile = join(world.dataDir, `${file}.pdf`);
      writeFileSync(pdfFile, Buffer.from(await pdf.arrayBuffer()));
      const text = spawnSync('pdftotext', ['-layout', '-enc', 'UTF-8', pdfFile, '-'], { encoding: 'utf8' }).stdout;
      for (const shown of pdfShows[file] ?? []) expect(text).toContain(shown);
    },
    60_000,
  );

  it('an advance above the payable amount is answered 422 AMOUNTS_INCONSISTENT naming prepaid_payments, before numbering', async () => {
    const body = JSON.parse(readFileSync(join(examplesDir, 'invoice-advance.json'), 'utf8'));
    body.prepaid_payments.push({ amount: 40000000, received_date: '2026-02-21' }); // 55000000 of advances for 47600000
    const answer = await world.post(body);
    expect({
      status: answer.status,
      code: answer.body.error.code,
      paths: answer.body.error.details.map((d: { path: string }) => d.path),
    }).toEqual({ status: 422, code: 'AMOUNTS_INCONSISTENT', paths: ['prepaid_payments'] });
  });
});
