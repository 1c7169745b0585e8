// Notes against the simulator over loopback HTTP: a valid note of each kind is accepted, and a note broken in one
// way gets that rule's code, as rules.int.test.ts does for invoices.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDianSoapClient, type DianGateway, type DianResponse } from '@fe/dian-client';
import { packageForTest } from '@fe/dian-client/testing';
import {
  demoIssuer,
  demoTestSetId,
  startDianSimulator,
  type DianSimulator,
  type SimulatorConfig,
} from '../src/index.ts';
import { demoResolution } from '@fe/dian-domain';
import { signedInvoice } from '../test-support/invoices.ts';
import { signedNote, type InvoiceReference, type NoteOptions } from '../test-support/notes.ts';
import { makeWorld, type TestWorld } from '../test-support/world.ts';

type Endpoint = { sim: DianSimulator; client: DianGateway; invoice: InvoiceReference };
let world: TestWorld;
let checked: Endpoint;
let schemaless: Endpoint;

const colombiaToday = () => new Date(Date.now() - 5 * 3600_000).toISOString().slice(0, 10);
const send = (xml: string, via: DianGateway) => via.sendBillSync(packageForTest(xml, new Date()).zip);
const rules = (r: DianResponse) => r.errorMessages.map((m) => m.rule);

/** A simulator with an invoice of the demo issuer it accepted, for the notes to reference. */
async function endpoint(config: SimulatorConfig): Promise<Endpoint> {
  const sim = await startDianSimulator(config, { port: 0 });
  const client = createDianSoapClient({ endpoint: sim.endpoint, credential: world.ws, timeoutMs: 20_000 });
  const invoice = signedInvoice({ credential: world.tenant });
  const answer = await send(invoice.xml, client);
  if (answer.statusCode !== '00') throw new Error(`the referenced invoice was refused: ${rules(answer).join(', ')}`);
  return { sim, client, invoice: { id: invoice.id, cufe: invoice.cufe, issueDate: colombiaToday() } };
}

beforeAll(async () => {
  world = makeWorld();
  checked = await endpoint(world.config({ schemaValidation: 'on' }));
  schemaless = await endpoint(world.config({ schemaValidation: 'off' }));
});
afterAll(async () => {
  await checked?.sim.close();
  await schemaless?.sim.close();
  world?.cleanup();
});

const day = 86_400_000;
const replaceFirst = (from: string, to: string) => (xml: string) => {
  if (!xml.includes(from)) throw new Error(`fixture drift: ${from}`);
  return xml.replace(from, to);
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
const wrongCude = (xml: string) =>
  xml.replaceAll(/<cbc:UUID schemeID="2" schemeName="CUDE-SHA384">([0-9a-f]{96})</.exec(xml)![1]!, 'ab'.repeat(48));
const NOT_ACCEPTED = 'cd'.repeat(48);
/** A credit note without invoices (operation 22): no BillingReference, the period it covers instead. */
const withoutInvoices = (xml: string) =>
  xml
    .replace(/<cac:BillingReference>[\s\S]*?<\/cac:BillingReference>/, '')
    .replace(
      '</cbc:LineCountNumeric>',
      '</cbc:LineCountNumeric><cac:InvoicePeriod><cbc:StartDate>2026-11-01</cbc:StartDate><cbc:EndDate>2026-11-30</cbc:EndDate></cac:InvoicePeriod>',
    );
const withReference = (cufe: string) => (xml: string) =>
  xml.replace(/(<cac:InvoiceDocumentReference><cbc:ID>[^<]*<\/cbc:ID><cbc:UUID[^>]*>)[0-9a-f]+</, `$1${cufe}<`);

type Case = {
  rule: string;
  why: string;
  expected?: string[];
  schemaOff?: true;
  options: Omit<NoteOptions, 'credential' | 'invoice'>;
  /** A certificate of test-support/world.ts other than the tenant's. */
  signer?: string;
  /** Edits the signed note (the signature no longer holds). */
  signed?: (xml: string) => string;
};
const credit = 'credit-note' as const;
const debit = 'debit-note' as const;
const cases: Case[] = [
  {
    rule: 'ZB01',
    why: "a CreditNote with CreditNoteTypeCode after Note (the CreditNote XSD's order)",
    options: {
      kind: credit,
      mutate: (x) =>
        x.replace(/(<cbc:CreditNoteTypeCode>91<\/cbc:CreditNoteTypeCode>)(<cbc:Note>[^<]*<\/cbc:Note>)/, '$2$1'),
    },
  },
  {
    rule: 'ZB01',
    why: 'a DebitNote with a LegalMonetaryTotal (the DebitNote XSD wants RequestedMonetaryTotal)',
    options: { kind: debit, mutate: (x) => x.replaceAll('RequestedMonetaryTotal>', 'LegalMonetaryTotal>') },
  },
  {
    rule: 'ZE02',
    why: "the concept's description changed after signing",
    options: { kind: credit },
    signed: replaceFirst('Devolución parcial', 'Devolucion parcial'),
  },
  {
    rule: 'ZE03',
    why: "signed with a trusted certificate issued to another company's NIT",
    signer: 'other-company',
    options: { kind: debit },
  },
  {
    rule: 'CAD09e',
    why: 'SigningTime one day after the issue date',
    options: { kind: credit, signingTime: new Date(Date.now() + day) },
  },
  {
    rule: 'DAD09e',
    why: 'SigningTime one day after the issue date',
    options: { kind: debit, signingTime: new Date(Date.now() + day) },
  },
  { rule: 'CAD06', why: 'a wrong CUDE (in cbc:UUID and the QR)', options: { kind: credit, after: wrongCude } },
  { rule: 'DAD06', why: 'a wrong CUDE (in cbc:UUID and the QR)', options: { kind: debit, after: wrongCude } },
  {
    rule: 'CAD06',
    why: "a CUDE keyed with the range's ClTec instead of the software PIN",
    options: { kind: credit, cudeKey: demoResolution.technicalKey },
  },
  {
    rule: 'CAD07',
    why: 'UUID schemeID for production',
    options: {
      kind: credit,
      mutate: replaceFirst('schemeID="2" schemeName="CUDE-SHA384"', 'schemeID="1" schemeName="CUDE-SHA384"'),
    },
  },
  {
    rule: 'CAD08',
    why: 'UUID schemeName CUFE-SHA384 on a note',
    options: { kind: credit, mutate: replaceFirst('schemeName="CUDE-SHA384"', 'schemeName="CUFE-SHA384"') },
  },
  {
    rule: 'CAB27b',
    why: 'a wrong SoftwareSecurityCode',
    options: {
      kind: credit,
      after: (x) => x.replace(/(<sts:SoftwareSecurityCode[^>]*>)[0-9a-f]+</, `$1${'cd'.repeat(48)}<`),
    },
  },
  {
    rule: 'DAB27a',
    why: 'an empty SoftwareSecurityCode',
    options: { kind: debit, after: (x) => x.replace(/(<sts:SoftwareSecurityCode[^>]*>)[0-9a-f]+</, '$1<') },
  },
  {
    rule: 'CAB36',
    why: 'a QRCode without the CUDE',
    options: { kind: credit, after: (x) => x.replace(/documentkey=[0-9a-f]+/, 'documentkey=') },
  },
  {
    rule: 'CAJ24b',
    why: 'a wrong issuer DV',
    options: {
      kind: credit,
      mutate: (x) =>
        x.replaceAll(
          'schemeID="8" schemeName="31">900123456</cbc:CompanyID>',
          'schemeID="9" schemeName="31">900123456</cbc:CompanyID>',
        ),
    },
  },
  {
    rule: 'CAD02',
    why: "CustomizationID 10 (an invoice's) on a credit note",
    options: { kind: credit, customizationId: '10' },
  },
  {
    rule: 'DAD02',
    why: "CustomizationID 20 (a credit note's) on a debit note",
    options: { kind: debit, customizationId: '20' },
  },
  {
    rule: 'CAD12',
    why: 'CreditNoteTypeCode 92',
    options: { kind: credit, mutate: replaceFirst('<cbc:CreditNoteTypeCode>91<', '<cbc:CreditNoteTypeCode>92<') },
  },
  { rule: 'SIM-NC01', why: 'credit concept 7 (table 13.2.4 ends at 6)', options: { kind: credit, concept: '7' } },
  {
    rule: 'SIM-NC01',
    why: 'no DiscrepancyResponse',
    options: {
      kind: credit,
      mutate: (x) => x.replace(/<cac:DiscrepancyResponse>[\s\S]*?<\/cac:DiscrepancyResponse>/, ''),
    },
  },
  { rule: 'SIM-ND01', why: 'debit concept 5 (table 13.2.5 ends at 4)', options: { kind: debit, concept: '5' } },
  {
    rule: 'CAD02a',
    why: 'a cancellation (concept 2) as operation 23',
    options: { kind: credit, concept: '2', customizationId: '23' },
  },
  {
    rule: 'CBF03a',
    why: 'a cancellation (concept 2) as operation 22, the note without invoices (so not 20 either: CAD02a)',
    expected: ['CAD02a', 'CBF03a'],
    options: { kind: credit, concept: '2', customizationId: '22', mutate: withoutInvoices },
  },
  {
    rule: 'SIM-NC02',
    why: 'a credit note without invoices (operation 22) without the InvoicePeriod it covers',
    options: {
      kind: credit,
      customizationId: '22',
      mutate: (x) => x.replace(/<cac:BillingReference>[\s\S]*?<\/cac:BillingReference>/, ''),
    },
  },
  {
    rule: 'CBG04',
    why: 'a reference to a CUFE the simulator never accepted',
    options: { kind: credit, mutate: withReference(NOT_ACCEPTED) },
  },
  {
    rule: 'CBG04',
    why: 'operation 20 without any BillingReference',
    options: { kind: credit, mutate: (x) => x.replace(/<cac:BillingReference>[\s\S]*?<\/cac:BillingReference>/, '') },
  },
  {
    rule: 'DBG04',
    why: 'a reference to a CUFE the simulator never accepted',
    options: { kind: debit, mutate: withReference(NOT_ACCEPTED) },
  },
  {
    rule: 'CAU02',
    why: 'a gross value 1.00 above the line (carried to the totals)',
    options: {
      kind: credit,
      mutate: chain(
        amount('LineExtensionAmount', '100000.00', '100001.00'),
        amount('TaxInclusiveAmount', '119000.00', '119001.00'),
        amount('PayableAmount', '119000.00', '119001.00'),
      ),
    },
  },
  {
    rule: 'CAU04',
    why: 'a taxable base 1.00 off',
    options: { kind: credit, mutate: amount('TaxExclusiveAmount', '100000.00', '100001.00') },
  },
  {
    rule: 'DAU06',
    why: 'a TaxInclusiveAmount 1.00 off (carried to PayableAmount) in RequestedMonetaryTotal',
    options: {
      kind: debit,
      mutate: chain(
        amount('TaxInclusiveAmount', '119000.00', '119001.00'),
        amount('PayableAmount', '119000.00', '119001.00'),
      ),
    },
  },
  {
    rule: 'CAU14',
    why: 'a PayableAmount 1.00 off',
    options: { kind: credit, mutate: amount('PayableAmount', '119000.00', '119001.00') },
  },
  {
    rule: 'DAU14',
    why: 'a PayableAmount 1.00 off in RequestedMonetaryTotal',
    options: { kind: debit, mutate: amount('PayableAmount', '119000.00', '119001.00') },
  },
  {
    rule: 'CAD16',
    why: 'LineCountNumeric 2 for 1 CreditNoteLine',
    options: { kind: credit, mutate: replaceFirst('<cbc:LineCountNumeric>1<', '<cbc:LineCountNumeric>2<') },
  },
  {
    rule: 'CAV01',
    why: 'no CreditNoteLine at all (the XSD wants one)',
    expected: ['CAS01b', 'CAV01', 'CAD16', 'CAU02', 'CAU04'],
    schemaOff: true,
    options: { kind: credit, mutate: (x) => x.replace(/<cac:CreditNoteLine>[\s\S]*<\/cac:CreditNoteLine>/, '') },
  },
  {
    rule: 'CAV04b',
    why: 'a negative CreditedQuantity',
    options: {
      kind: credit,
      mutate: replaceFirst('<cbc:CreditedQuantity unitCode="94">2.00<', '<cbc:CreditedQuantity unitCode="94">-2.00<'),
    },
  },
  {
    rule: 'DAV04b',
    why: 'a negative DebitedQuantity',
    options: {
      kind: debit,
      mutate: replaceFirst('<cbc:DebitedQuantity unitCode="94">2.00<', '<cbc:DebitedQuantity unitCode="94">-2.00<'),
    },
  },
  {
    rule: 'DAV05',
    why: 'DebitedQuantity in unit XYZ',
    options: {
      kind: debit,
      mutate: replaceFirst('<cbc:DebitedQuantity unitCode="94">', '<cbc:DebitedQuantity unitCode="XYZ">'),
    },
  },
  {
    rule: 'CAV06',
    why: 'a unit price 1.01 off on a line of 2 (beyond the tolerance)',
    options: { kind: credit, mutate: amount('PriceAmount', '50000.00', '50001.01') },
  },
  {
    rule: 'DAX07',
    why: "a line's 19 % tax on a base of 90 000 (and so the header's subtotal is no longer the line's: DAS01b; nor TaxExclusiveAmount the base: DAU04)",
    expected: ['DAX07', 'DAS01b', 'DAU04'],
    options: {
      kind: debit,
      mutate: (x) => {
        const line = x.indexOf('<cac:DebitNoteLine>');
        return x.slice(0, line) + amount('TaxableAmount', '100000.00', '90000.00')(x.slice(line));
      },
    },
  },
  {
    rule: 'CAS07',
    why: "a header 19 % subtotal of 19 000 on a base of 90 000 (the line's too: CAX07, and TaxExclusiveAmount no longer the lines' bases: CAU04)",
    expected: ['CAS07', 'CAX07', 'CAU04'],
    options: {
      kind: credit,
      mutate: (x) =>
        x.replaceAll('<cbc:TaxableAmount currencyID="COP">100000.00<', '<cbc:TaxableAmount currencyID="COP">90000.00<'),
    },
  },
  {
    rule: 'CAD15b',
    why: 'one amount in USD on a COP note',
    options: {
      kind: credit,
      mutate: replaceFirst('<cbc:PriceAmount currencyID="COP">', '<cbc:PriceAmount currencyID="USD">'),
    },
  },
  {
    rule: 'SIM-FEC01',
    why: 'an issue date two days ahead',
    options: { kind: debit, issuedAt: new Date(Date.now() + 2 * day) },
  },
];

describe('DIAN simulator: credit and debit notes (SendBillSync)', () => {
  it.each([credit, debit])(
    'accepts a valid %s referencing an accepted invoice, answering with an ApplicationResponse that names its CUDE',
    async (kind) => {
      const note = signedNote({ kind, invoice: checked.invoice, credential: world.tenant });
      const answer = await send(note.xml, checked.client);
      expect(rules(answer)).toEqual([]);
      expect(answer).toMatchObject({ isValid: true, statusCode: '00', xmlDocumentKey: note.cude });
      expect(answer.statusMessage).toBe(
        `La ${kind === credit ? 'Nota crédito' : 'Nota débito'} electrónica ${note.id}, ha sido autorizada.`,
      );
      expect(answer.applicationResponseXml).toContain(
        `<cac:DocumentReference><cbc:ID>${note.id}</cbc:ID><cbc:UUID schemeName="CUDE-SHA384">${note.cude}</cbc:UUID>`,
      );
      expect(await checked.client.getStatus(note.cude)).toMatchObject({ statusCode: '00', xmlDocumentKey: note.cude });
    },
  );

  it.each([
    ['a cancellation (credit concept 2, operation 20)', { kind: credit, concept: '2' }],
    ['the last credit concept (6)', { kind: credit, concept: '6' }],
    ['the last debit concept (4)', { kind: debit, concept: '4' }],
    [
      'a credit note without invoices (operation 22: an InvoicePeriod, no BillingReference)',
      { kind: credit, customizationId: '22', mutate: withoutInvoices },
    ],
  ] as const)('accepts %s', async (_why, options) => {
    const answer = await send(
      signedNote({ ...options, invoice: checked.invoice, credential: world.tenant }).xml,
      checked.client,
    );
    expect(rules(answer)).toEqual([]);
  });

  it.each(cases)('rejects $rule: $why', async ({ rule, expected, options, signed, signer, schemaOff }) => {
    const target = schemaOff ? schemaless : checked;
    const note = signedNote({
      ...options,
      invoice: target.invoice,
      credential: signer ? world.rawCredential(signer) : world.tenant,
    });
    const xml = signed ? signed(note.xml) : note.xml;
    const answer = await send(xml, target.client);
    expect(rules(answer)).toEqual(expected ?? [rule]);
    // A document refused by its schema is not read any further, so DIAN's answer names no key.
    expect(answer).toMatchObject({
      isValid: false,
      statusCode: '99',
      xmlDocumentKey: rule === 'ZB01' ? undefined : note.cude,
    });
  });

  it('rejects a note already accepted with rule 90 (a repeated CUDE)', async () => {
    const note = signedNote({ kind: debit, invoice: checked.invoice, credential: world.tenant });
    expect((await send(note.xml, checked.client)).statusCode).toBe('00');
    expect(rules(await send(note.xml, checked.client))).toEqual(['90']);
  });

  it("rejects with CBG04 a reference to an invoice the simulator rejected, and to an accepted credit note's CUDE", async () => {
    const rejected = signedInvoice({
      credential: world.tenant,
      mutate: replaceFirst('<cbc:LineCountNumeric>4<', '<cbc:LineCountNumeric>5<'),
    });
    expect(rules(await send(rejected.xml, checked.client))).toEqual(['FAD16']);
    const onRejected = signedNote({
      kind: credit,
      invoice: { ...checked.invoice, cufe: rejected.cufe },
      credential: world.tenant,
    });
    expect(rules(await send(onRejected.xml, checked.client))).toEqual(['CBG04']);

    const accepted = signedNote({ kind: credit, invoice: checked.invoice, credential: world.tenant });
    expect((await send(accepted.xml, checked.client)).statusCode).toBe('00');
    const onNote = signedNote({
      kind: debit,
      invoice: { ...checked.invoice, cufe: accepted.cude },
      credential: world.tenant,
    });
    expect(rules(await send(onNote.xml, checked.client))).toEqual(['DBG04']);
  });

  it('rejects with CBG04 a reference to an invoice another issuer had accepted', async () => {
    // A second issuer whose registered software belongs to the demo issuer as provider, so the demo certificate may
    // sign its invoice.
    const other = { ...demoIssuer, nit: '900373115', legalName: 'OTRA EMPRESA S.A.S.' };
    const sim = await startDianSimulator(world.config({ issuers: [demoIssuer, other] }), { port: 0 });
    try {
      const client = createDianSoapClient({ endpoint: sim.endpoint, credential: world.ws, timeoutMs: 20_000 });
      const theirs = signedInvoice({
        credential: world.tenant,
        tenant: { nit: other.nit, dv: 3, legalName: other.legalName },
      });
      expect(rules(await send(theirs.xml, client))).toEqual([]);
      const note = signedNote({
        kind: credit,
        invoice: { id: theirs.id, cufe: theirs.cufe, issueDate: colombiaToday() },
        credential: world.tenant,
      });
      expect(rules(await send(note.xml, client))).toEqual(['CBG04']);
    } finally {
      await sim.close();
    }
  });

  it("accepts an invoice referencing an accepted credit note (FBH04) and refuses one naming a debit note's CUDE as a credit note's", async () => {
    const creditNote = signedNote({ kind: credit, invoice: checked.invoice, credential: world.tenant });
    const debitNote = signedNote({ kind: debit, invoice: checked.invoice, credential: world.tenant });
    for (const note of [creditNote, debitNote]) expect((await send(note.xml, checked.client)).statusCode).toBe('00');
    const referencing = (cude: string) =>
      replaceFirst(
        '</cbc:LineCountNumeric>',
        '</cbc:LineCountNumeric><cac:BillingReference><cac:CreditNoteDocumentReference>' +
          `<cbc:ID>${creditNote.id}</cbc:ID><cbc:UUID schemeName="CUDE-SHA384">${cude}</cbc:UUID><cbc:IssueDate>${colombiaToday()}</cbc:IssueDate>` +
          '</cac:CreditNoteDocumentReference></cac:BillingReference>',
      );
    expect(
      rules(
        await send(
          signedInvoice({ credential: world.tenant, mutate: referencing(creditNote.cude) }).xml,
          checked.client,
        ),
      ),
    ).toEqual([]);
    expect(
      rules(
        await send(
          signedInvoice({ credential: world.tenant, mutate: referencing(debitNote.cude) }).xml,
          checked.client,
        ),
      ),
    ).toEqual(['FBH04']);
  });

  it('judges a note sent in a habilitación test set (SendTestSetAsync) by the same rules', async () => {
    const good = signedNote({ kind: credit, invoice: checked.invoice, credential: world.tenant });
    const bad = signedNote({ kind: debit, invoice: checked.invoice, credential: world.tenant, concept: '9' });
    const zip = (xml: string) => packageForTest(xml, new Date()).zip;
    for (const note of [good, bad]) {
      const upload = await checked.client.sendTestSetAsync(zip(note.xml), demoTestSetId);
      const [verdict] = await checked.client.getStatusZip(upload.zipKey!);
      expect([verdict!.xmlDocumentKey, rules(verdict!)]).toEqual([note.cude, note === good ? [] : ['SIM-ND01']]);
    }
  });
});
