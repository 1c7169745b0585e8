// The client against the simulator on real loopback HTTP: a valid invoice is accepted with a signed
// ApplicationResponse, and for each enforced rule one document, made by breaking exactly one thing
// in a valid one before signing, is answered with that rule (and only the rules that break implies).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDianSoapClient, writeZip, type DianGateway, type DianResponse } from '@fe/dian-client';
import { packageForTest } from '@fe/dian-client/testing';
import { demoIssuer, startDianSimulator, type DianSimulator, type SimulatorConfig } from '../src/index.ts';
import { demoTenant } from '@fe/dian-domain';
import {
  aiuRequest,
  everyTaxRequest,
  exportRequest,
  mandateRequest,
  signedInvoice,
  type InvoiceOptions,
} from '../test-support/invoices.ts';
import { makeWorld, type TestWorld } from '../test-support/world.ts';

let world: TestWorld;
let sim: DianSimulator;
let client: DianGateway;
let schemaless: DianSimulator;
let schemalessClient: DianGateway;
beforeAll(async () => {
  world = makeWorld();
  sim = await startDianSimulator(world.config({ schemaValidation: 'on' }), { port: 0 });
  client = createDianSoapClient({ endpoint: sim.endpoint, credential: world.ws, timeoutMs: 20_000 });
  schemaless = await startDianSimulator(world.config({ schemaValidation: 'off' }), { port: 0 });
  schemalessClient = createDianSoapClient({ endpoint: schemaless.endpoint, credential: world.ws, timeoutMs: 20_000 });
});
afterAll(async () => {
  await sim?.close();
  await schemaless?.close();
  world?.cleanup();
});

const send = (xml: string, via = client) => via.sendBillSync(packageForTest(xml, new Date()).zip);
const rules = (r: DianResponse) => r.errorMessages.map((m) => m.rule);
const day = 86_400_000;
const replaceFirst = (from: string, to: string) => (xml: string) => {
  if (!xml.includes(from)) throw new Error(`fixture drift: ${from}`);
  return xml.replace(from, to);
};
const replaceAll = (from: string | RegExp, to: string) => (xml: string) => {
  const out = xml.replaceAll(from, to);
  if (out === xml) throw new Error(`fixture drift: ${from}`);
  return out;
};
const amount = (name: string, from: string, to: string) =>
  replaceFirst(
    `<cbc:${name} currencyID="COP">${from}</cbc:${name}>`,
    `<cbc:${name} currencyID="COP">${to}</cbc:${name}>`,
  );
const chain =
  (...steps: ((xml: string) => string)[]) =>
  (xml: string) =>
    steps.reduce((x, f) => f(x), xml);

const allowanceCharge = (charge: boolean, value: string) =>
  `<cac:AllowanceCharge><cbc:ID>1</cbc:ID><cbc:ChargeIndicator>${charge}</cbc:ChargeIndicator>` +
  `<cbc:AllowanceChargeReason>${charge ? 'Flete' : 'Descuento'}</cbc:AllowanceChargeReason><cbc:MultiplierFactorNumeric>0.1</cbc:MultiplierFactorNumeric>` +
  `<cbc:Amount currencyID="COP">${value}</cbc:Amount><cbc:BaseAmount currencyID="COP">100000.00</cbc:BaseAmount></cac:AllowanceCharge>`;
const PREPAID_PAYMENT =
  '<cac:PrepaidPayment><cbc:ID>ANT-1</cbc:ID><cbc:PaidAmount currencyID="COP">100.00</cbc:PaidAmount></cac:PrepaidPayment>';
const naturalPersonBuyer = replaceFirst(
  '<cac:AccountingCustomerParty><cbc:AdditionalAccountID>1<',
  '<cac:AccountingCustomerParty><cbc:AdditionalAccountID>2<',
);
const buyerAddress = (cityCode: string, country: string) =>
  `<cac:PhysicalLocation><cac:Address><cbc:ID>${cityCode}</cbc:ID>` +
  `<cac:AddressLine><cbc:Line>Calle 1</cbc:Line></cac:AddressLine><cac:Country><cbc:IdentificationCode>${country}</cbc:IdentificationCode></cac:Country></cac:Address></cac:PhysicalLocation>`;
/** A cac:WithholdingTaxTotal of `amount` on a base of 100 000.00 at `percent`, placed before the monetary total. */
const withholding = (scheme: string, percent: string, amount: string) =>
  replaceFirst(
    '<cac:LegalMonetaryTotal>',
    `<cac:WithholdingTaxTotal><cbc:TaxAmount currencyID="COP">${amount}</cbc:TaxAmount><cac:TaxSubtotal>` +
      `<cbc:TaxableAmount currencyID="COP">100000.00</cbc:TaxableAmount><cbc:TaxAmount currencyID="COP">${amount}</cbc:TaxAmount>` +
      `<cac:TaxCategory><cbc:Percent>${percent}</cbc:Percent><cac:TaxScheme><cbc:ID>${scheme}</cbc:ID><cbc:Name>R</cbc:Name>` +
      '</cac:TaxScheme></cac:TaxCategory></cac:TaxSubtotal></cac:WithholdingTaxTotal><cac:LegalMonetaryTotal>',
  );
const noteReference = (type: 'CreditNote' | 'DebitNote') =>
  `<cac:BillingReference><cac:${type}DocumentReference><cbc:ID>NC1</cbc:ID>` +
  `<cbc:UUID schemeName="CUDE-SHA384">${'ef'.repeat(48)}</cbc:UUID><cbc:IssueDate>2026-01-02</cbc:IssueDate></cac:${type}DocumentReference></cac:BillingReference>`;
const contingency = (reference: string) =>
  chain(
    replaceFirst('<cbc:InvoiceTypeCode>01<', '<cbc:InvoiceTypeCode>03<'),
    replaceFirst(
      '</cbc:LineCountNumeric>',
      `</cbc:LineCountNumeric><cac:AdditionalDocumentReference>${reference}</cac:AdditionalDocumentReference>`,
    ),
  );
const DELIVERY_ADDRESS =
  '<cac:Delivery><cac:DeliveryAddress><cbc:CityName>Bogotá, D.C.</cbc:CityName></cac:DeliveryAddress></cac:Delivery>';

/** Splits the header IVA TaxTotal into one TaxTotal per subtotal (same taxes, two groups for one tax). */
function splitHeaderTaxTotal(xml: string): string {
  return xml.replace(
    /<cac:TaxTotal><cbc:TaxAmount currencyID="COP">20000\.00<\/cbc:TaxAmount>((?:<cac:TaxSubtotal>[\s\S]*?<\/cac:TaxSubtotal>)+)<\/cac:TaxTotal>/,
    (_, subs: string) =>
      subs
        .split('</cac:TaxSubtotal>')
        .filter(Boolean)
        .map((s) => {
          const tax = /<cbc:TaxAmount currencyID="COP">([^<]+)</.exec(s)![1];
          return `<cac:TaxTotal><cbc:TaxAmount currencyID="COP">${tax}</cbc:TaxAmount>${s}</cac:TaxSubtotal></cac:TaxTotal>`;
        })
        .join(''),
  );
}

/**
 * `schemaOff`: DIAN's XSD already refuses the document (ZB01), so the rule is tested on a simulator that skips the
 * schema.
 */
type Case = {
  rule: string;
  why: string;
  expected?: string[];
  schemaOff?: true;
  options: () => Omit<InvoiceOptions, 'credential'> & { credential?: InvoiceOptions['credential'] };
  after?: (xml: string) => string;
};
const cases: Case[] = [
  {
    rule: 'ZE02',
    why: 'an item description changed after signing',
    options: () => ({}),
    after: replaceFirst('Producto 1', 'Producto X'),
  },
  {
    rule: 'DC24',
    why: 'the KeyInfo reference removed after signing',
    expected: ['DC24', 'ZE02'],
    options: () => ({}),
    after: (xml) => xml.replace(/<ds:Reference URI="#[^"]+-keyinfo">[\s\S]*?<\/ds:Reference>/, ''),
  },
  {
    rule: 'ZD05',
    why: 'signed with a certificate of an untrusted CA',
    options: () => ({ credential: world.rawCredential('untrusted') }),
  },
  {
    rule: 'ZD02',
    why: 'signed with an expired certificate',
    options: () => ({ credential: world.rawCredential('expired') }),
  },
  {
    rule: 'ZD06',
    why: 'signed with a certificate naming the trusted CA as issuer but signed by another key (no chain)',
    options: () => ({ credential: world.rawCredential('impostor-leaf') }),
  },
  {
    rule: 'ZE03',
    why: "signed with a trusted certificate issued to another company's NIT",
    options: () => ({ credential: world.rawCredential('other-company') }),
  },
  {
    rule: 'ZD07',
    why: 'signed with a certificate without Non-Repudiation',
    options: () => ({ credential: world.rawCredential('no-non-repudiation') }),
  },
  {
    rule: 'FAD09e',
    why: 'SigningTime one day after the issue date',
    options: () => ({ signingTime: new Date(Date.now() + day) }),
  },
  // Wrong wherever it is written (cbc:UUID and the QR), as a client computing it wrongly would write it.
  {
    rule: 'FAD06',
    why: 'a wrong CUFE',
    options: () => ({ mutate: (x) => x.replaceAll(/<cbc:UUID[^>]*>([0-9a-f]{96})</.exec(x)![1]!, 'ab'.repeat(48)) }),
  },
  {
    rule: 'FAD07',
    why: 'UUID schemeID for production',
    options: () => ({
      mutate: replaceFirst('schemeID="2" schemeName="CUFE-SHA384"', 'schemeID="1" schemeName="CUFE-SHA384"'),
    }),
  },
  {
    rule: 'FAD08',
    why: 'UUID schemeName CUFE-SHA256',
    options: () => ({ mutate: replaceFirst('schemeName="CUFE-SHA384"', 'schemeName="CUFE-SHA256"') }),
  },
  {
    rule: 'FAB24b',
    why: 'an unregistered SoftwareID',
    options: () => ({
      mutate: replaceFirst('>00000000-0000-4000-8000-000000000001<', '>00000000-0000-4000-8000-000000000009<'),
    }),
  },
  {
    rule: 'FAB27a',
    why: 'an empty SoftwareSecurityCode',
    options: () => ({ mutate: (x) => x.replace(/(<sts:SoftwareSecurityCode[^>]*>)[0-9a-f]+</, '$1<') }),
  },
  {
    rule: 'FAB27b',
    why: 'a wrong SoftwareSecurityCode',
    options: () => ({
      mutate: (x) => x.replace(/(<sts:SoftwareSecurityCode[^>]*>)[0-9a-f]+</, `$1${'cd'.repeat(48)}<`),
    }),
  },
  {
    rule: 'FAJ21',
    why: 'an issuer not enabled (its software and range are unknown too)',
    expected: ['FAD06', 'FAB24b', 'FAJ21', 'FAB05b'],
    options: () => ({ tenant: { nit: '900373115', dv: 3 } }),
  },
  // The demo issuer is its own software provider: its sts:ProviderID keeps the DV (FAB22a otherwise).
  {
    rule: 'FAJ24a',
    why: 'the issuer NIT without DV',
    options: () => ({
      mutate: replaceAll(/schemeID="8" schemeName="31">900123456<(?!\/sts:ProviderID>)/g, 'schemeName="31">900123456<'),
    }),
  },
  { rule: 'FAJ24b', why: 'a wrong issuer DV', options: () => ({ tenant: { dv: 9 } }) },
  {
    rule: 'FAK24',
    why: 'a NIT buyer without DV',
    options: () => ({ mutate: replaceAll('schemeID="3" schemeName="31">900108281<', 'schemeName="31">900108281<') }),
  },
  {
    rule: 'FAK25',
    why: 'a wrong buyer DV',
    options: () => ({
      mutate: replaceAll('schemeID="3" schemeName="31">900108281<', 'schemeID="4" schemeName="31">900108281<'),
    }),
  },
  {
    rule: 'FAB05b',
    why: 'an authorization number of no range of the issuer',
    options: () => ({ resolution: { authorizationNumber: '18760000002' } }),
  },
  {
    rule: 'FAB07b',
    why: 'a different authorization start date',
    options: () => ({ resolution: { startDate: '2019-01-20' } }),
  },
  {
    rule: 'FAB08b',
    why: 'a different authorization end date',
    options: () => ({ resolution: { endDate: '2030-01-18' } }),
  },
  {
    rule: 'FAB10a',
    why: 'CorporateRegistrationScheme ID ≠ prefix',
    options: () => ({
      mutate: replaceFirst(
        '<cac:CorporateRegistrationScheme><cbc:ID>SETP<',
        '<cac:CorporateRegistrationScheme><cbc:ID>SETX<',
      ),
    }),
  },
  {
    rule: 'FAB10b',
    why: "a prefix other than the authorization's",
    options: () => ({ resolution: { prefix: 'SETQ' } }),
  },
  { rule: 'FAB11b', why: 'a different range start', options: () => ({ resolution: { from: '990000001' } }) },
  { rule: 'FAB12b', why: 'a different range end', options: () => ({ resolution: { to: '995000001' } }) },
  {
    rule: 'FAD05a',
    why: 'a hyphen in cbc:ID',
    options: () => ({
      mutate: (x) => x.replace(/<cbc:ID>SETP(\d+)<\/cbc:ID><cbc:UUID/, '<cbc:ID>SETP-$1</cbc:ID><cbc:UUID'),
      recomputeCufe: true,
    }),
  },
  {
    rule: 'FAD05c',
    why: 'a number above the range',
    options: () => ({
      number: '996000000',
      resolution: { to: '999999999' },
      mutate: replaceFirst('<sts:To>999999999<', '<sts:To>995000000<'),
    }),
  },
  {
    rule: 'FAD05d',
    why: 'a number below the range',
    options: () => ({
      number: '985000000',
      resolution: { from: '980000000' },
      mutate: replaceFirst('<sts:From>980000000<', '<sts:From>990000000<'),
    }),
  },
  {
    rule: 'SIM-FEC01',
    why: 'an issue date two days ahead',
    options: () => ({ issuedAt: new Date(Date.now() + 2 * day) }),
  },
  {
    rule: 'VLR01',
    why: 'a negative (zero) tax amount',
    options: () => ({ mutate: amount('TaxAmount', '0.00', '-0.00') }),
  },
  {
    rule: 'SIM-IMP01',
    why: 'tax code 99 instead of 01',
    options: () => ({
      mutate: replaceAll(
        '<cbc:ID>01</cbc:ID><cbc:Name>IVA</cbc:Name></cac:TaxScheme></cac:TaxCategory>',
        '<cbc:ID>99</cbc:ID><cbc:Name>IVA</cbc:Name></cac:TaxScheme></cac:TaxCategory>',
      ),
      recomputeCufe: true,
    }),
  },
  // Document text is never a key into a plain object: 'constructor' would find Object.prototype's.
  {
    rule: 'SIM-IMP01',
    why: 'tax code "constructor"',
    options: () => ({
      mutate: replaceAll(
        '<cbc:ID>01</cbc:ID><cbc:Name>IVA</cbc:Name></cac:TaxScheme></cac:TaxCategory>',
        '<cbc:ID>constructor</cbc:ID><cbc:Name>IVA</cbc:Name></cac:TaxScheme></cac:TaxCategory>',
      ),
      recomputeCufe: true,
    }),
  },
  {
    rule: 'SIM-IMP02',
    why: 'IVA at 1 %',
    options: () => ({ mutate: replaceAll('<cbc:Percent>0.00</cbc:Percent>', '<cbc:Percent>1.00</cbc:Percent>') }),
  },
  {
    rule: 'SIM-IMP02',
    why: 'ICUI at 12 % (10, 15 or 20): its amounts no longer match either (FAS07, FAX07)',
    expected: ['SIM-IMP02', 'FAS07', 'FAX07'],
    options: () => ({
      request: everyTaxRequest,
      mutate: replaceAll(
        '<cbc:Percent>20.00</cbc:Percent><cac:TaxScheme><cbc:ID>35<',
        '<cbc:Percent>12.00</cbc:Percent><cac:TaxScheme><cbc:ID>35<',
      ),
    }),
  },
  {
    rule: 'FAV03',
    why: "an AIU invoice (09) whose Administración line lacks the contract's note",
    options: () => ({
      request: aiuRequest,
      mutate: replaceFirst(
        '<cbc:Note>Contrato de servicios AIU por concepto de: Construcción de la sede de Chía</cbc:Note>',
        '',
      ),
    }),
  },
  {
    rule: 'SIM-MAN01',
    why: 'a mandate invoice (11) line that does not say whose income it is (cbc:ID without schemeID)',
    options: () => ({
      request: mandateRequest,
      mutate: replaceFirst('<cbc:ID schemeID="0">3</cbc:ID>', '<cbc:ID>3</cbc:ID>'),
    }),
  },
  {
    rule: 'SIM-MAN02',
    why: "a principal's line (schemeID 1) without the principal's identification",
    options: () => ({
      request: mandateRequest,
      mutate: (xml) =>
        xml.replace(/<cac:InformationContentProviderParty>[\s\S]*?<\/cac:InformationContentProviderParty>/, ''),
    }),
  },
  {
    rule: 'SIM-MAN03',
    why: "the principal's NIT with a wrong check digit",
    options: () => ({
      request: mandateRequest,
      mutate: replaceFirst(
        '<cbc:ID schemeAgencyID="195" schemeAgencyName="CO, DIAN (Dirección de Impuestos y Aduanas Nacionales)" schemeID="4" schemeName="31">800197268<',
        '<cbc:ID schemeAgencyID="195" schemeAgencyName="CO, DIAN (Dirección de Impuestos y Aduanas Nacionales)" schemeID="5" schemeName="31">800197268<',
      ),
    }),
  },
  {
    rule: 'SIM-IMP03',
    why: 'INC bolsas (22) without its BaseUnitMeasure and PerUnitAmount',
    expected: ['SIM-IMP03'],
    options: () => ({
      request: everyTaxRequest,
      mutate: replaceAll(
        '<cbc:BaseUnitMeasure unitCode="94">3</cbc:BaseUnitMeasure><cbc:PerUnitAmount currencyID="COP">66.00</cbc:PerUnitAmount>',
        '',
      ),
    }),
  },
  {
    rule: 'SIM-IMP03',
    why: 'ICA (03, a percentage) with a BaseUnitMeasure and PerUnitAmount',
    expected: ['SIM-IMP03'],
    options: () => ({
      request: everyTaxRequest,
      mutate: replaceAll(
        '<cbc:TaxAmount currencyID="COP">3381.00</cbc:TaxAmount><cac:TaxCategory>',
        '<cbc:TaxAmount currencyID="COP">3381.00</cbc:TaxAmount><cbc:BaseUnitMeasure unitCode="94">1</cbc:BaseUnitMeasure><cbc:PerUnitAmount currencyID="COP">3381.00</cbc:PerUnitAmount><cac:TaxCategory>',
      ),
    }),
  },
  {
    rule: 'FAU04',
    why: "a vehicle's base counted once per tax (IVA and INC): TaxExclusiveAmount is the taxed lines' bases, each once",
    expected: ['FAU04'],
    options: () => ({
      request: everyTaxRequest,
      mutate: amount('TaxExclusiveAmount', '512600.00', '572600.00'),
    }),
  },
  {
    rule: 'FAS07',
    why: "IBUA's header PerUnitAmount 0.66 for 9 600 ml and 6 240.00 (it is 0.65 × 9 600; the lines' 0.65 no longer sum to it: FAS01b)",
    expected: ['FAS07', 'FAS01b'],
    options: () => ({
      request: everyTaxRequest,
      mutate: replaceFirst(
        '<cbc:PerUnitAmount currencyID="COP">0.65</cbc:PerUnitAmount>',
        '<cbc:PerUnitAmount currencyID="COP">0.66</cbc:PerUnitAmount>',
      ),
    }),
  },
  {
    rule: 'FAX07',
    why: "a bag line's BaseUnitMeasure 4 for 198.00 at 66.00 a bag (it is 3 bags)",
    expected: ['FAX07'],
    options: () => ({
      request: everyTaxRequest,
      mutate: (x) => {
        const line = x.indexOf('<cac:InvoiceLine>');
        return (
          x.slice(0, line) +
          replaceFirst('<cbc:BaseUnitMeasure unitCode="94">3<', '<cbc:BaseUnitMeasure unitCode="94">4<')(x.slice(line))
        );
      },
    }),
  },
  {
    rule: 'FAS01a',
    why: 'two document TaxTotals for IVA',
    options: () => ({ mutate: splitHeaderTaxTotal, recomputeCufe: true }),
  },
  {
    rule: 'FAS01b',
    why: "a header base that is not the lines' sum",
    options: () => ({ mutate: amount('TaxableAmount', '100000.00', '100001.00') }),
  },
  {
    rule: 'FAS01b',
    why: "the bags' document subtotal counted in kilograms while its line counts bags: per-unit subtotals group by amount and unit",
    options: () => ({
      request: everyTaxRequest,
      mutate: replaceFirst('<cbc:BaseUnitMeasure unitCode="94">3<', '<cbc:BaseUnitMeasure unitCode="KGM">3<'),
    }),
  },
  {
    rule: 'FAS02',
    why: "a line TaxTotal that is not its subtotals' sum",
    options: () => ({
      mutate: replaceFirst(
        '<cac:TaxTotal><cbc:TaxAmount currencyID="COP">19000.00<',
        '<cac:TaxTotal><cbc:TaxAmount currencyID="COP">19000.01<',
      ),
    }),
  },
  {
    rule: 'SIM-RET01',
    why: 'IVA (01) written as a withholding: only ReteIVA, ReteRenta and ReteICA are withheld',
    expected: ['SIM-RET01'],
    options: () => ({ mutate: withholding('01', '19.00', '19000.00') }),
  },
  {
    rule: 'SIM-RET02',
    why: 'a ReteRenta of 2.5 % on 100 000.00 written as 3 000.00 (it is 2 500.00)',
    expected: ['SIM-RET02'],
    options: () => ({ mutate: withholding('06', '2.5', '3000.00') }),
  },
  {
    rule: 'FAS07',
    why: "a 19 % base of 90 000 for a tax of 19 000, in the header (FAS07) and in its line (FAX07; FAU04 sums the lines' TaxableAmount)",
    expected: ['FAS07', 'FAX07', 'FAU04'],
    options: () => ({
      mutate: replaceAll(
        '<cbc:TaxableAmount currencyID="COP">100000.00<',
        '<cbc:TaxableAmount currencyID="COP">90000.00<',
      ),
    }),
  },
  {
    rule: 'FAX07',
    why: "a line's 19 % base of 90 000 for its tax of 19 000 (the header no longer adds up either, nor TaxExclusiveAmount: FAU04)",
    expected: ['FAX07', 'FAS01b', 'FAU04'],
    options: () => ({
      mutate: (x) => {
        const line = x.indexOf('<cac:InvoiceLine>');
        return (
          x.slice(0, line) +
          replaceFirst(
            '<cbc:TaxableAmount currencyID="COP">100000.00<',
            '<cbc:TaxableAmount currencyID="COP">90000.00<',
          )(x.slice(line))
        );
      },
    }),
  },
  {
    rule: 'FAD16',
    why: 'LineCountNumeric 5 for 4 lines',
    options: () => ({ mutate: replaceFirst('<cbc:LineCountNumeric>4<', '<cbc:LineCountNumeric>5<') }),
  },
  {
    rule: 'FAU02',
    why: 'a gross value 1.00 above the lines (carried to the totals)',
    options: () => ({
      mutate: chain(
        amount('LineExtensionAmount', '123100.00', '123101.00'),
        amount('TaxInclusiveAmount', '143100.00', '143101.00'),
        amount('PayableAmount', '143100.00', '143101.00'),
      ),
      recomputeCufe: true,
    }),
  },
  {
    rule: 'FAU04',
    why: 'a taxable base 1.00 off',
    options: () => ({ mutate: amount('TaxExclusiveAmount', '120100.00', '120101.00') }),
  },
  {
    rule: 'FAU06',
    why: 'a TaxInclusiveAmount 1.00 off (carried to PayableAmount)',
    options: () => ({
      mutate: chain(
        amount('TaxInclusiveAmount', '143100.00', '143101.00'),
        amount('PayableAmount', '143100.00', '143101.00'),
      ),
      recomputeCufe: true,
    }),
  },
  {
    rule: 'FAU14',
    why: 'a PayableAmount 1.00 off',
    options: () => ({ mutate: amount('PayableAmount', '143100.00', '143101.00'), recomputeCufe: true }),
  },
  {
    rule: 'FAB19a',
    why: 'an empty software provider NIT',
    options: () => ({
      mutate: replaceFirst('schemeName="31">900123456</sts:ProviderID>', 'schemeName="31"></sts:ProviderID>'),
    }),
  },
  {
    rule: 'FAB22a',
    why: 'the software provider NIT without DV',
    options: () => ({
      mutate: replaceFirst(
        'schemeID="8" schemeName="31">900123456</sts:ProviderID>',
        'schemeName="31">900123456</sts:ProviderID>',
      ),
    }),
  },
  {
    rule: 'FAB22b',
    why: 'a wrong software provider DV',
    options: () => ({
      mutate: replaceFirst(
        'schemeID="8" schemeName="31">900123456</sts:ProviderID>',
        'schemeID="9" schemeName="31">900123456</sts:ProviderID>',
      ),
    }),
  },
  {
    rule: 'FAB34',
    why: 'an authorization provider that is not DIAN',
    options: () => ({ mutate: replaceFirst('schemeName="31">800197268<', 'schemeName="31">800197269<') }),
  },
  {
    rule: 'FAB36',
    why: 'a QRCode without the CUFE',
    options: () => ({
      mutate: (x) =>
        x.replace(
          /<sts:QRCode>[\s\S]*?<\/sts:QRCode>/,
          '<sts:QRCode>https://catalogo-vpfe-hab.dian.gov.co/document/searchqr?documentkey=</sts:QRCode>',
        ),
    }),
  },
  {
    rule: 'FAB36',
    why: 'no QRCode',
    options: () => ({ mutate: (x) => x.replace(/<sts:QRCode>[\s\S]*?<\/sts:QRCode>/, '') }),
  },
  {
    rule: 'FAJ02a',
    why: 'the issuer without AdditionalAccountID',
    options: () => ({
      mutate: replaceFirst(
        '<cac:AccountingSupplierParty><cbc:AdditionalAccountID>1</cbc:AdditionalAccountID>',
        '<cac:AccountingSupplierParty>',
      ),
    }),
  },
  {
    rule: 'FAJ02b',
    why: 'the issuer with AdditionalAccountID 3',
    options: () => ({
      mutate: replaceFirst(
        '<cac:AccountingSupplierParty><cbc:AdditionalAccountID>1<',
        '<cac:AccountingSupplierParty><cbc:AdditionalAccountID>3<',
      ),
    }),
  },
  {
    rule: 'FAJ26',
    why: 'the issuer with responsibility O-48 (withdrawn in 2020)',
    options: () => ({ mutate: replaceFirst('>O-13;O-15</cbc:TaxLevelCode>', '>O-13;O-48</cbc:TaxLevelCode>') }),
  },
  {
    rule: 'FAK61',
    why: 'a natural-person buyer without PartyIdentification',
    options: () => ({
      mutate: chain(
        naturalPersonBuyer,
        replaceFirst(
          '<cac:PartyIdentification><cbc:ID schemeID="3" schemeName="31">900108281</cbc:ID></cac:PartyIdentification>',
          '',
        ),
      ),
    }),
  },
  {
    rule: 'FAK62',
    why: 'a natural-person buyer with an empty PartyIdentification/ID',
    options: () => ({
      mutate: chain(
        naturalPersonBuyer,
        replaceFirst(
          '<cac:PartyIdentification><cbc:ID schemeID="3" schemeName="31">900108281<',
          '<cac:PartyIdentification><cbc:ID schemeID="3" schemeName="31"><',
        ),
      ),
    }),
  },
  {
    rule: 'FAM02a',
    why: 'a Delivery without ActualDeliveryDate',
    options: () => ({
      mutate: replaceFirst('</cac:AccountingCustomerParty>', `</cac:AccountingCustomerParty>${DELIVERY_ADDRESS}`),
    }),
  },
  {
    rule: 'FAN04',
    why: 'a credit payment (ID 2) without PaymentDueDate',
    options: () => ({ mutate: replaceFirst('<cac:PaymentMeans><cbc:ID>1<', '<cac:PaymentMeans><cbc:ID>2<') }),
  },
  {
    rule: 'FAV01',
    why: 'no InvoiceLine at all (LineCountNumeric 0)',
    expected: ['FAS01b', 'FAV01', 'FAU02', 'FAU04'],
    schemaOff: true,
    options: () => ({
      mutate: chain(
        replaceAll(/<cac:InvoiceLine>[\s\S]*?<\/cac:InvoiceLine>/g, ''),
        replaceFirst('<cbc:LineCountNumeric>4<', '<cbc:LineCountNumeric>0<'),
      ),
    }),
  },
  {
    rule: 'FAU08',
    why: 'a document-level discount left out of AllowanceTotalAmount',
    options: () => ({
      mutate: replaceFirst('</cac:PaymentMeans>', `</cac:PaymentMeans>${allowanceCharge(false, '100.00')}`),
    }),
  },
  {
    rule: 'FAU10',
    why: 'a document-level charge left out of ChargeTotalAmount',
    options: () => ({
      mutate: replaceFirst('</cac:PaymentMeans>', `</cac:PaymentMeans>${allowanceCharge(true, '100.00')}`),
    }),
  },
  {
    rule: 'FAU12',
    why: 'an advance (PrepaidPayment) left out of PrepaidAmount',
    options: () => ({ mutate: replaceFirst('</cac:PaymentMeans>', `</cac:PaymentMeans>${PREPAID_PAYMENT}`) }),
  },
  {
    rule: 'FAV04b',
    why: 'a negative InvoicedQuantity',
    options: () => ({
      mutate: replaceFirst('<cbc:InvoicedQuantity unitCode="94">2.00<', '<cbc:InvoicedQuantity unitCode="94">-2.00<'),
    }),
  },
  {
    rule: 'FAZ02',
    why: 'an empty item description',
    options: () => ({
      mutate: replaceFirst('<cbc:Description>Producto 1</cbc:Description>', '<cbc:Description></cbc:Description>'),
    }),
  },
  {
    rule: 'FAV06',
    why: 'a unit price 1.00 off on a line of 2 (2.00 beyond the tolerance)',
    options: () => ({ mutate: amount('PriceAmount', '50000.00', '50001.01') }),
  },
  {
    rule: 'FAD02',
    why: 'CustomizationID 99',
    options: () => ({ mutate: replaceFirst('<cbc:CustomizationID>10<', '<cbc:CustomizationID>99<') }),
  },
  {
    rule: 'FAD12a',
    why: 'InvoiceTypeCode 07 (no document type)',
    options: () => ({ mutate: replaceFirst('<cbc:InvoiceTypeCode>01<', '<cbc:InvoiceTypeCode>07<') }),
  },
  {
    rule: 'FAD12b',
    why: "InvoiceTypeCode 91 (a credit note's) on an invoice",
    options: () => ({ mutate: replaceFirst('<cbc:InvoiceTypeCode>01<', '<cbc:InvoiceTypeCode>91<') }),
  },
  {
    rule: 'ZB01',
    why: 'IssueTime written before IssueDate (element order)',
    options: () => ({
      mutate: (x) =>
        x.replace(/(<cbc:IssueDate>[^<]+<\/cbc:IssueDate>)(<cbc:IssueTime>[^<]+<\/cbc:IssueTime>)/, '$2$1'),
    }),
  },
  {
    rule: 'ZB01',
    why: 'an IssueDate that is no xs:date (type)',
    options: () => ({
      mutate: (x) =>
        x.replace(/<cbc:DueDate>|<cbc:InvoiceTypeCode>/, (m) => `<cbc:DueDate>2026-02-30</cbc:DueDate>${m}`),
    }),
  },
  {
    rule: 'FAB24a',
    why: 'an empty SoftwareID',
    options: () => ({
      mutate: replaceFirst('>00000000-0000-4000-8000-000000000001</sts:SoftwareID>', '></sts:SoftwareID>'),
    }),
  },
  {
    rule: 'FAB19b',
    why: 'a software provider (NIT 900373115, right DV) other than the one the software is registered to',
    options: () => ({
      mutate: replaceFirst(
        'schemeID="8" schemeName="31">900123456</sts:ProviderID>',
        'schemeID="3" schemeName="31">900373115</sts:ProviderID>',
      ),
    }),
  },
  {
    rule: 'FAJ09',
    why: "the issuer's address with DANE code 11999",
    options: () => ({
      mutate: replaceFirst('<cbc:ID>11001</cbc:ID><cbc:CityName>', '<cbc:ID>11999</cbc:ID><cbc:CityName>'),
    }),
  },
  {
    rule: 'FAK09',
    why: 'a buyer address in Colombia with DANE code 05999',
    options: () => ({
      mutate: replaceFirst(
        '<cbc:Name>Cliente S.A.S.</cbc:Name></cac:PartyName>',
        `<cbc:Name>Cliente S.A.S.</cbc:Name></cac:PartyName>${buyerAddress('05999', 'CO')}`,
      ),
    }),
  },
  {
    rule: 'FAD05e',
    why: "cbc:ID without the authorization's prefix",
    options: () => ({
      mutate: (x) => x.replace(/<cbc:ID>SETP(\d+)<\/cbc:ID><cbc:UUID/, '<cbc:ID>$1</cbc:ID><cbc:UUID'),
      recomputeCufe: true,
    }),
  },
  {
    rule: 'FAV05',
    why: 'unit code XYZ on one InvoicedQuantity',
    options: () => ({
      mutate: replaceFirst('<cbc:InvoicedQuantity unitCode="94">2.00<', '<cbc:InvoicedQuantity unitCode="XYZ">2.00<'),
    }),
  },
  {
    rule: 'FAZ09',
    why: 'an item identification of scheme 123',
    options: () => ({
      mutate: replaceFirst(
        'schemeID="999" schemeName="Estándar de adopción del contribuyente">P-1<',
        'schemeID="123" schemeName="Estándar de adopción del contribuyente">P-1<',
      ),
    }),
  },
  {
    rule: 'FAZ09',
    why: 'no StandardItemIdentification on a line',
    options: () => ({
      mutate: (x) => x.replace(/<cac:StandardItemIdentification>[\s\S]*?<\/cac:StandardItemIdentification>/, ''),
    }),
  },
  {
    rule: 'FAB03',
    why: 'a second UBLExtension holding DianExtensions',
    options: () => ({ mutate: (x) => x.replace(/(<ext:UBLExtension>[\s\S]*?<\/ext:UBLExtension>)/, '$1$1') }),
  },
  // Without InvoiceControl there is no range to take the CUFE's technical key from either.
  {
    rule: 'FAB05a',
    why: 'no sts:InvoiceControl',
    expected: ['FAD06', 'FAB05a'],
    options: () => ({ mutate: (x) => x.replace(/<sts:InvoiceControl>[\s\S]*?<\/sts:InvoiceControl>/, '') }),
  },
  {
    rule: 'FAB11a',
    why: 'no sts:From in AuthorizedInvoices',
    options: () => ({ mutate: (x) => x.replace(/<sts:From>\d+<\/sts:From>/, '') }),
  },
  {
    rule: 'FAB12a',
    why: 'no sts:To in AuthorizedInvoices',
    options: () => ({ mutate: (x) => x.replace(/<sts:To>\d+<\/sts:To>/, '') }),
  },
  {
    rule: 'FAS04',
    why: 'a line TaxTotal of 0.00 without TaxSubtotal',
    options: () => ({
      mutate: (x) =>
        x.replace(
          /(<cac:InvoiceLine>[\s\S]*?<\/cbc:LineExtensionAmount>)/,
          '$1<cac:TaxTotal><cbc:TaxAmount currencyID="COP">0.00</cbc:TaxAmount></cac:TaxTotal>',
        ),
    }),
  },
  {
    rule: 'FBB02',
    why: 'a unit price with 7 decimals',
    options: () => ({ mutate: amount('PriceAmount', '50000.00', '50000.0000001') }),
  },
  {
    rule: 'FAR01',
    why: 'a document in USD without PaymentExchangeRate',
    options: () => ({
      mutate: chain(
        replaceFirst('<cbc:DocumentCurrencyCode>COP<', '<cbc:DocumentCurrencyCode>USD<'),
        replaceAll('currencyID="COP"', 'currencyID="USD"'),
      ),
    }),
  },
  // The exchange rate's fields (FAR02–07, one per field) and the export's (SIM-EXP01/02).
  ...(
    [
      [
        'FAR02',
        'SourceCurrencyCode EUR on a USD document',
        '<cbc:SourceCurrencyCode>USD<',
        '<cbc:SourceCurrencyCode>EUR<',
      ],
      [
        'FAR03',
        'SourceCurrencyBaseRate 100.00',
        '<cbc:SourceCurrencyBaseRate>1.00<',
        '<cbc:SourceCurrencyBaseRate>100.00<',
      ],
      ['FAR04', 'TargetCurrencyCode USD', '<cbc:TargetCurrencyCode>COP<', '<cbc:TargetCurrencyCode>USD<'],
      [
        'FAR05',
        'TargetCurrencyBaseRate 1000',
        '<cbc:TargetCurrencyBaseRate>1.00<',
        '<cbc:TargetCurrencyBaseRate>1000<',
      ],
      ['FAR06', 'CalculationRate 0.00', '<cbc:CalculationRate>3912.45<', '<cbc:CalculationRate>0.00<'],
      ['FAR07', 'a rate dated after the issue date', '<cbc:Date>2026-01-02<', '<cbc:Date>2099-01-02<'],
    ] as const
  ).map(([rule, why, from, to]) => ({
    rule,
    why,
    options: () => ({ request: exportRequest, mutate: replaceFirst(from, to) }),
  })),
  {
    rule: 'SIM-EXP01',
    why: 'an export (02) without DeliveryTerms',
    options: () => ({
      request: exportRequest,
      mutate: (xml: string) => xml.replace(/<cac:DeliveryTerms>.*?<\/cac:DeliveryTerms>/, ''),
    }),
  },
  {
    rule: 'SIM-EXP02',
    why: 'an export (02), with its Incoterm, to a buyer without an address abroad',
    options: () => ({
      mutate: chain(
        replaceFirst('<cbc:InvoiceTypeCode>01<', '<cbc:InvoiceTypeCode>02<'),
        replaceFirst(
          '<cac:PaymentMeans>',
          '<cac:DeliveryTerms><cbc:LossRiskResponsibilityCode>CIF</cbc:LossRiskResponsibilityCode></cac:DeliveryTerms><cac:PaymentMeans>',
        ),
      ),
    }),
  },
  {
    rule: 'FAI01',
    why: 'a contingency invoice (03) without AdditionalDocumentReference',
    options: () => ({ mutate: replaceFirst('<cbc:InvoiceTypeCode>01<', '<cbc:InvoiceTypeCode>03<') }),
  },
  {
    rule: 'FAI02',
    why: 'a contingency invoice whose AdditionalDocumentReference has an empty ID',
    options: () => ({ mutate: contingency('<cbc:ID></cbc:ID><cbc:UUID>abc</cbc:UUID>') }),
  },
  {
    rule: 'FAI03',
    why: 'a contingency invoice whose AdditionalDocumentReference has no UUID',
    options: () => ({ mutate: contingency('<cbc:ID>C-1</cbc:ID>') }),
  },
  {
    rule: 'FBH04',
    why: 'a BillingReference to a credit note DIAN never received',
    options: () => ({
      mutate: replaceFirst('</cbc:LineCountNumeric>', `</cbc:LineCountNumeric>${noteReference('CreditNote')}`),
    }),
  },
  {
    rule: 'FBI04',
    why: 'a BillingReference to a debit note DIAN never received',
    options: () => ({
      mutate: replaceFirst('</cbc:LineCountNumeric>', `</cbc:LineCountNumeric>${noteReference('DebitNote')}`),
    }),
  },
  {
    rule: 'FAD15a',
    why: 'DocumentCurrencyCode PES (not ISO 4217)',
    options: () => ({ mutate: replaceFirst('<cbc:DocumentCurrencyCode>COP<', '<cbc:DocumentCurrencyCode>PES<') }),
  },
  {
    rule: 'FAD15b',
    why: 'one amount in USD in a COP document',
    options: () => ({
      mutate: replaceFirst('<cbc:LineExtensionAmount currencyID="COP">', '<cbc:LineExtensionAmount currencyID="USD">'),
    }),
  },
];

describe('DIAN simulator through the SOAP client', () => {
  it('accepts a valid invoice with StatusCode 00 and a signed ApplicationResponse', async () => {
    const invoice = signedInvoice({ credential: world.tenant });
    const answer = await send(invoice.xml);
    expect(rules(answer)).toEqual([]);
    expect(answer).toMatchObject({ isValid: true, statusCode: '00', xmlDocumentKey: invoice.cufe });
    expect(answer.applicationResponseXml).toContain('<cbc:ResponseCode>02</cbc:ResponseCode>');
    expect(answer.applicationResponseXml).toContain(`<cbc:UUID schemeName="CUFE-SHA384">${invoice.cufe}</cbc:UUID>`);
    expect(answer.applicationResponseXml).toMatch(/<ds:SignatureValue[^>]*>[A-Za-z0-9+/=]{300,}</);
  });

  it('accepts with a notification (FAJ43b) when the issuer name differs from the RUT', async () => {
    const answer = await send(
      signedInvoice({ credential: world.tenant, tenant: { legalName: 'OTRO NOMBRE S.A.S.' } }).xml,
    );
    expect(answer).toMatchObject({ isValid: true, statusCode: '00' });
    expect(answer.errorMessages.map((m) => [m.rule, m.effect])).toEqual([['FAJ43b', 'notification']]);
    expect(answer.applicationResponseXml).toContain('<cbc:ResponseCode>FAJ43b</cbc:ResponseCode>');
  });

  it('accepts every line tax (IVA, INC, ICA, ICUI, INC bolsas and IBUA per unit) with the schemas checked', async () => {
    const invoice = signedInvoice({ credential: world.tenant, request: everyTaxRequest });
    expect(invoice.xml).toContain(
      '<cbc:TaxAmount currencyID="COP">6240.00</cbc:TaxAmount><cbc:BaseUnitMeasure unitCode="MLT">9600</cbc:BaseUnitMeasure><cbc:PerUnitAmount currencyID="COP">0.65</cbc:PerUnitAmount><cac:TaxCategory><cac:TaxScheme><cbc:ID>34</cbc:ID><cbc:Name>IBUA</cbc:Name>',
    );
    const answer = await send(invoice.xml);
    expect(rules(answer)).toEqual([]);
    expect(answer).toMatchObject({ isValid: true, statusCode: '00' });
  });

  it.each([
    ['an AIU contract (09): the Administración note, IVA on the Utilidad line only', aiuRequest],
    ["a mandate (11): each line's schemeID, the principals identified", mandateRequest],
  ])('accepts %s with the schemas checked', async (_what, request) => {
    const invoice = signedInvoice({ credential: world.tenant, request });
    const answer = await send(invoice.xml);
    expect(rules(answer)).toEqual([]);
    expect(answer).toMatchObject({ isValid: true, statusCode: '00' });
  });

  it('accepts what those rules ask for: a Delivery with its ActualDeliveryDate, a credit payment with its due date, a natural-person buyer identified, the QR as the bare URL', async () => {
    const invoice = signedInvoice({
      credential: world.tenant,
      mutate: chain(
        replaceFirst(
          '</cac:AccountingCustomerParty>',
          `</cac:AccountingCustomerParty>${DELIVERY_ADDRESS.replace('<cac:Delivery>', `<cac:Delivery><cbc:ActualDeliveryDate>${new Date(Date.now() - 5 * 3600_000).toISOString().slice(0, 10)}</cbc:ActualDeliveryDate>`)}`,
        ),
        replaceFirst(
          '<cac:PaymentMeans><cbc:ID>1</cbc:ID><cbc:PaymentMeansCode>10</cbc:PaymentMeansCode>',
          '<cac:PaymentMeans><cbc:ID>2</cbc:ID><cbc:PaymentMeansCode>10</cbc:PaymentMeansCode><cbc:PaymentDueDate>2099-12-31</cbc:PaymentDueDate>',
        ),
        naturalPersonBuyer,
        (x) => x.replace(/<sts:QRCode>[\s\S]*?(https:[^<]+)<\/sts:QRCode>/, '<sts:QRCode>$1</sts:QRCode>'),
      ),
    });
    const answer = await send(invoice.xml);
    expect(rules(answer)).toEqual([]);
    expect(answer).toMatchObject({ isValid: true, statusCode: '00' });
  });

  it('accepts a buyer address abroad (no DANE code to check), a UNSPSC and a GTIN item identification, units KGM and NIU', async () => {
    const invoice = signedInvoice({
      credential: world.tenant,
      mutate: chain(
        replaceFirst(
          '<cbc:Name>Cliente S.A.S.</cbc:Name></cac:PartyName>',
          `<cbc:Name>Cliente S.A.S.</cbc:Name></cac:PartyName>${buyerAddress('10001', 'US')}`,
        ),
        replaceFirst(
          'schemeID="999" schemeName="Estándar de adopción del contribuyente">P-1<',
          'schemeAgencyID="10" schemeID="001">43211503<',
        ),
        replaceFirst(
          'schemeID="999" schemeName="Estándar de adopción del contribuyente">P-2<',
          'schemeAgencyID="9" schemeID="010">7702004003508<',
        ),
        replaceAll('unitCode="94">2.00<', 'unitCode="KGM">2.00<'),
        replaceAll('unitCode="94">3.00<', 'unitCode="NIU">3.00<'),
      ),
    });
    const answer = await send(invoice.xml);
    expect(rules(answer)).toEqual([]);
    expect(answer).toMatchObject({ isValid: true, statusCode: '00' });
  });

  it('accepts a contingency invoice (03) that names the document it replaces', async () => {
    const answer = await send(
      signedInvoice({
        credential: world.tenant,
        mutate: contingency('<cbc:ID>C-1</cbc:ID><cbc:UUID>0123abcd</cbc:UUID>'),
      }).xml,
    );
    expect(rules(answer)).toEqual([]);
  });

  it('accepts document-level discounts, charges and advances that their totals add up, and a line amount within the tolerance of price × quantity', async () => {
    const invoice = signedInvoice({
      credential: world.tenant,
      recomputeCufe: true,
      mutate: chain(
        replaceFirst(
          '</cac:PaymentMeans>',
          `</cac:PaymentMeans>${PREPAID_PAYMENT}${allowanceCharge(false, '300.00')}${allowanceCharge(true, '100.00')}`,
        ),
        amount('AllowanceTotalAmount', '0.00', '300.00'),
        amount('ChargeTotalAmount', '0.00', '100.00'),
        amount('PrepaidAmount', '0.00', '100.00'),
        amount('PayableAmount', '143100.00', '142900.00'),
        amount('PriceAmount', '50000.00', '50000.99'), // 2 × 50 000.99 = 100 001.98 for a line of 100 000.00: 1.98 off
      ),
    });
    const answer = await send(invoice.xml);
    expect(rules(answer)).toEqual([]);
    expect(answer).toMatchObject({ isValid: true, statusCode: '00' });
  });

  it('accepts an export (02) in US dollars with its rate and Incoterm', async () => {
    const invoice = signedInvoice({ credential: world.tenant, request: exportRequest });
    expect(invoice.xml).toContain('<cbc:InvoiceTypeCode>02</cbc:InvoiceTypeCode>');
    const answer = await send(invoice.xml);
    expect(rules(answer)).toEqual([]);
    expect(answer).toMatchObject({ isValid: true, statusCode: '00' });
  });

  it.each(cases)('rejects $rule: $why', async ({ rule, expected, options, after, schemaOff }) => {
    const invoice = signedInvoice({ credential: world.tenant, ...options() });
    const answer = await send(after ? after(invoice.xml) : invoice.xml, schemaOff ? schemalessClient : client);
    expect(rules(answer)).toEqual(expected ?? [rule]);
    expect(answer).toMatchObject({ isValid: false, statusCode: '99' });
    expect(answer.errorMessages.every((m) => m.effect === 'rejection')).toBe(true);
  });

  it('rejects a document already accepted with rule 90, and GetStatus still returns the acceptance', async () => {
    const invoice = signedInvoice({ credential: world.tenant });
    expect((await send(invoice.xml)).statusCode).toBe('00');
    expect(rules(await send(invoice.xml))).toEqual(['90']);
    expect(await client.getStatus(invoice.cufe)).toMatchObject({
      statusCode: '00',
      isValid: true,
      xmlDocumentKey: invoice.cufe,
    });
  });

  it('answers ZB01 for a zip whose XML is not an invoice, SIM-ZIP01 for a non-zip, SIM-ZIP02 for two files', async () => {
    const at = new Date();
    const notInvoice = writeZip([{ name: 'fv1.xml', data: Buffer.from('<Invoice xmlns="urn:x"/>') }], at);
    expect(rules(await client.sendBillSync({ fileName: 'z1.zip', content: notInvoice }))).toEqual(['ZB01']);
    expect(rules(await client.sendBillSync({ fileName: 'z2.zip', content: Buffer.from('not a zip at all') }))).toEqual([
      'SIM-ZIP01',
    ]);
    const xml = Buffer.from(signedInvoice({ credential: world.tenant }).xml);
    const two = writeZip(
      [
        { name: 'a.xml', data: xml },
        { name: 'b.xml', data: xml },
      ],
      at,
    );
    expect(rules(await client.sendBillSync({ fileName: 'z3.zip', content: two }))).toEqual(['SIM-ZIP02']);
  });

  it('judges the file names by the annex convention: SIM-NAME01 the zip, SIM-NAME02 the XML, SIM-NAME03 the pair', async () => {
    const at = new Date();
    const nit = demoTenant.nit.padStart(10, '0');
    const year = String(at.getFullYear() % 100).padStart(2, '0');
    const named = (zip: string, xml: string) => {
      const invoice = signedInvoice({ credential: world.tenant });
      const content = writeZip([{ name: xml, data: Buffer.from(invoice.xml) }], at);
      return client.sendBillSync({ fileName: zip, content });
    };
    const zip = (n: string, y = year) => `z${nit}000${y}${n}.zip`;
    const xml = (kind: string, n: string, who = nit) => `${kind}${who}000${year}${n}.xml`;
    expect((await named(zip('0000A001'), xml('fv', '0000A001'))).statusCode).toBe('00');
    expect(rules(await named('z1.zip', xml('fv', '0000A002')))).toEqual(['SIM-NAME01']);
    expect(rules(await named(zip('0000000a'), xml('fv', '0000A003')))).toEqual(['SIM-NAME01']); // lowercase hex
    expect(rules(await named(zip('00000000'), xml('fv', '0000A004')))).toEqual(['SIM-NAME01']); // a counter starts at 1
    expect(rules(await named(zip('0000A005'), xml('nc', '0000A005')))).toEqual(['SIM-NAME02']); // an invoice is fv
    expect(rules(await named(zip('0000A006'), xml('fv', '0000A006', '0800197268')))).toEqual(['SIM-NAME02']);
    expect(rules(await named(zip('0000A007'), 'SETP990000001.xml'))).toEqual(['SIM-NAME02']);
    expect(rules(await named(`z0800197268000${year}0000A008.zip`, xml('fv', '0000A008')))).toEqual(['SIM-NAME03']);
    expect(rules(await named(zip('0000A009', '19'), xml('fv', '0000A009')))).toEqual(['SIM-NAME03']);
  });
});

describe("rules that need the simulator's registry or clock changed", () => {
  const withSimulator = async (config: SimulatorConfig, fn: (c: DianGateway) => Promise<void>, now?: () => Date) => {
    const other = await startDianSimulator(config, { port: 0 });
    try {
      await fn(
        createDianSoapClient({
          endpoint: other.endpoint,
          credential: world.ws,
          timeoutMs: 20_000,
          ...(now ? { now } : {}),
        }),
      );
    } finally {
      await other.close();
    }
  };
  const issuerWithDates = (startDate: string, endDate: string) => [
    { ...demoIssuer, ranges: [{ ...demoIssuer.ranges[0]!, startDate, endDate }] },
  ];
  const colombiaDate = (ms: number) => new Date(ms - 5 * 3600_000).toISOString().slice(0, 10);

  it('rejects FAD09a: issued before the authorization starts', async () => {
    const start = colombiaDate(Date.now() + 3 * day);
    await withSimulator(world.config({ issuers: issuerWithDates(start, '2030-01-19') }), async (c) => {
      const xml = signedInvoice({
        credential: world.tenant,
        mutate: replaceFirst('<cbc:StartDate>2019-01-19<', `<cbc:StartDate>${start}<`),
      }).xml;
      expect(rules(await send(xml, c))).toEqual(['FAD09a']);
    });
  });

  it('rejects FAD09b: issued after the authorization ended', async () => {
    const end = colombiaDate(Date.now() - 3 * day);
    await withSimulator(world.config({ issuers: issuerWithDates('2019-01-19', end) }), async (c) => {
      const xml = signedInvoice({
        credential: world.tenant,
        mutate: replaceFirst('<cbc:EndDate>2030-01-19<', `<cbc:EndDate>${end}<`),
      }).xml;
      expect(rules(await send(xml, c))).toEqual(['FAD09b']);
    });
  });

  it('accepts (ZE03) the certificate of the technology provider the software is registered to, signing for its client', async () => {
    const providerSoftware = [{ ...demoIssuer.software[0]!, providerNit: '900373115' }];
    await withSimulator(world.config({ issuers: [{ ...demoIssuer, software: providerSoftware }] }), async (c) => {
      const xml = signedInvoice({
        credential: world.rawCredential('other-company'), // NIT 900373115 in its subject
        mutate: replaceFirst(
          'schemeID="8" schemeName="31">900123456</sts:ProviderID>',
          'schemeID="3" schemeName="31">900373115</sts:ProviderID>',
        ),
      }).xml;
      expect(rules(await send(xml, c))).toEqual([]);
    });
  });

  it('judges FAD07 by where the software is enabled: a software in production has its production invoice accepted', async () => {
    const inProduction = [{ ...demoIssuer.software[0]!, environment: '1' as const }];
    await withSimulator(world.config({ issuers: [{ ...demoIssuer, software: inProduction }] }), async (c) => {
      const production = await send(signedInvoice({ credential: world.tenant, environment: '1' }).xml, c);
      expect(rules(production)).toEqual([]);
      expect(production.applicationResponseXml).toContain('<cbc:ProfileExecutionID>1</cbc:ProfileExecutionID>');
      expect(rules(await send(signedInvoice({ credential: world.tenant }).xml, c))).toEqual(['FAD07']);
    });
  });

  it('rejects SIM-FEC02: received twelve days after the issue date', async () => {
    const later = () => new Date(Date.now() + 12 * day);
    await withSimulator(
      world.config({ now: later }),
      async (c) => {
        expect(rules(await send(signedInvoice({ credential: world.tenant }).xml, c))).toEqual(['SIM-FEC02']);
      },
      later,
    );
  });
});
