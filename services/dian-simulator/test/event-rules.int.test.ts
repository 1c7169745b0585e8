// The RADIAN event rules over loopback HTTP with our client: for each rule, one event on an invoice the simulator
// accepted, with exactly one thing broken (before signing, so only that rule fires, unless said), answered 99 with
// that rule; then the three business days of a tacit acceptance across a Colombian holiday, and the título valor's
// holder.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDianSoapClient, writeZip, type DianGateway, type DianResponse } from '@fe/dian-client';
import { packageForTest } from '@fe/dian-client/testing';
import { colombianHolidays, tacitAcceptanceAvailableFrom } from '@fe/dian-domain';
import { demoIssuer, startDianSimulator, type DianSimulator } from '../src/index.ts';
import {
  buyer,
  buyerSoftware,
  endorsee,
  eventSenders,
  seller,
  signedEvent,
  stranger,
  type EventInvoice,
  type EventOptions,
} from '../test-support/events.ts';
import { signedInvoice } from '../test-support/invoices.ts';
import { makeWorld, type TestWorld } from '../test-support/world.ts';

let world: TestWorld;
let sim: DianSimulator;
let client: DianGateway;
beforeAll(async () => {
  world = makeWorld();
  sim = await startDianSimulator(world.config({ issuers: [demoIssuer, ...eventSenders] }), { port: 0 });
  client = createDianSoapClient({ endpoint: sim.endpoint, credential: world.ws, timeoutMs: 20_000 });
});
afterAll(async () => {
  await sim?.close();
  world?.cleanup();
});

type Invoice = EventInvoice;
const send = (xml: string) => client.sendEventUpdateStatus(packageForTest(xml, new Date()).zip);
const rules = (r: DianResponse) => r.errorMessages.map((m) => m.rule);
// On credit: a título valor's invoice has a due date (036 and 037 state it).
const accepted = async (): Promise<Invoice> => {
  const invoice = signedInvoice({ credential: world.tenant, dueDate: '2030-12-31' });
  expect((await client.sendBillSync(packageForTest(invoice.xml, new Date()).zip)).statusCode).toBe('00');
  return invoice;
};
const acceptedInCash = async (): Promise<Invoice> => {
  const invoice = signedInvoice({ credential: world.tenant });
  expect((await client.sendBillSync(packageForTest(invoice.xml, new Date()).zip)).statusCode).toBe('00');
  return invoice;
};
/** The certificate of each event's default sender: the seller's for 034, 036, 037, the buyer's for the rest. */
const signer = (code: string) => (['034', '036', '037'].includes(code) ? world.tenant : world.rawCredential('buyer'));
const event = (code: string, invoice: Invoice, options: Partial<EventOptions> = {}) =>
  signedEvent(code, invoice, { credential: signer(code), ...options });
const register = async (invoice: Invoice, ...codes: string[]) => {
  for (const code of codes) expect(rules(await send(event(code, invoice).xml)), code).toEqual([]);
};
const replaceFirst = (from: string, to: string) => (xml: string) => {
  if (!xml.includes(from)) throw new Error(`fixture drift: ${from}`);
  return xml.replace(from, to);
};
const day = 86_400_000;

type Case = {
  rules: string[];
  why: string;
  code: string;
  /** Events registered first on the same invoice. */
  before?: string[];
  options?: () => Partial<EventOptions>;
  /** Edits the signed event. */
  after?: (xml: string) => string;
  /** The invoice the event names instead of the accepted one. */
  invoice?: (accepted: Invoice) => Invoice;
  /** The invoice is sold in cash (no due date). */
  cash?: boolean;
};
const cases: Case[] = [
  {
    rules: ['ZB01'],
    why: "a Note after the SenderParty (DIAN's ApplicationResponse XSD)",
    code: '031',
    before: ['030', '032'],
    options: () => ({
      content: { note: 'Llegaron 8 de 10 cajas.' },
      mutate: (xml) => {
        const note = '<cbc:Note>Llegaron 8 de 10 cajas.</cbc:Note>';
        return replaceFirst('</cac:SenderParty>', `</cac:SenderParty>${note}`)(replaceFirst(note, '')(xml));
      },
    }),
  },
  {
    rules: ['ZE02'],
    why: 'the person who received it changed after signing',
    code: '030',
    after: replaceFirst('>Ana María<', '>Ana Marta<'),
  },
  {
    rules: ['ZE03'],
    why: "signed with the seller's certificate",
    code: '030',
    options: () => ({ credential: world.tenant }),
  },
  {
    rules: ['AAD09e'],
    why: 'signed the day after its IssueDate',
    code: '030',
    options: () => ({ signingTime: new Date(Date.now() + day) }),
  },
  {
    rules: ['SIM-EV01', 'AAD06'],
    why: 'an event DIAN does not register here (035, an aval; the code enters the CUDE)',
    code: '030',
    options: () => ({ mutate: replaceFirst('>030</cbc:ResponseCode>', '>035</cbc:ResponseCode>') }),
  },
  {
    rules: ['SIM-EV02'],
    why: "for production, from a software enabled in habilitación (the simulator's environment)",
    code: '030',
    options: () => ({ environment: '1' }),
  },
  {
    rules: ['SIM-EV03', 'AAD06'],
    why: 'from a software not registered for the buyer (no PIN to check the CUDE with)',
    code: '030',
    options: () => ({ software: { ...buyerSoftware, id: '7e57b0b0-0000-4000-8000-000000000099' } }),
  },
  {
    rules: ['AAD06'],
    why: "a CUDE keyed with another PIN than the software's",
    code: '030',
    options: () => ({ software: { ...buyerSoftware, pin: '13579' } }),
  },
  {
    rules: ['SIM-EV04'],
    why: 'about an invoice the simulator never accepted',
    code: '030',
    invoice: (accepted) => ({ id: accepted.id, cufe: 'f'.repeat(96) }),
  },
  {
    rules: ['SIM-EV04'],
    why: "about an accepted invoice's CUFE under another number",
    code: '030',
    invoice: (accepted) => ({ id: 'SETP1', cufe: accepted.cufe }),
  },
  {
    rules: ['SIM-EV05'],
    why: "an acknowledgement (030) sent by a company that is not the invoice's buyer",
    code: '030',
    options: () => ({ credential: world.rawCredential('other-company'), content: { sender: stranger } }),
  },
  {
    rules: ['SIM-EV06'],
    why: "an acknowledgement (030) addressed to another company than the invoice's issuer",
    code: '030',
    options: () => ({ content: { receiver: stranger } }),
  },
  { rules: ['SIM-EV07'], why: 'a receipt (032) before the acknowledgement (030)', code: '032' },
  { rules: ['SIM-EV07'], why: 'an express acceptance (033) before the receipt (032)', code: '033', before: ['030'] },
  { rules: ['SIM-EV07'], why: 'a claim (031) before the receipt (032)', code: '031', before: ['030'] },
  {
    rules: ['SIM-EV07'],
    why: 'a registration as título valor (036) before any acceptance',
    code: '036',
    before: ['030', '032'],
  },
  { rules: ['SIM-EV07'], why: 'an endorsement (037) before the registration (036)', code: '037', before: ['030'] },
  {
    rules: ['SIM-EV08'],
    why: 'a claim (031) after the express acceptance (033)',
    code: '031',
    before: ['030', '032', '033'],
  },
  {
    rules: ['SIM-EV08'],
    why: 'an express acceptance (033) after a claim (031)',
    code: '033',
    before: ['030', '032', '031'],
  },
  { rules: ['AAH09'], why: 'a second acknowledgement (030) of the same invoice', code: '030', before: ['030'] },
  // The título valor's data (036 after the tacit acceptance's stand-in, an express acceptance 033).
  {
    rules: ['LGC57'],
    why: 'a registration (036) valuing the invoice at other than its PayableAmount (NuevoValorTV kept consistent)',
    code: '036',
    before: ['030', '032', '033'],
    options: () => ({ content: { titleValue: { invoiceAmount: '1.00', paidAmount: '0.00', dueDate: '2030-12-31' } } }),
  },
  {
    rules: ['SIM-EV09'],
    why: 'a registration (036) whose NuevoValorTV is not ValorFEV-TV less ValorPagado',
    code: '036',
    before: ['030', '032', '033'],
    options: () => ({ mutate: replaceFirst('<Name>NuevoValorTV</Name><Value>', '<Name>NuevoValorTV</Name><Value>1') }),
  },
  {
    rules: ['SIM-EV10'],
    why: "a registration (036) with another due date than the invoice's",
    code: '036',
    before: ['030', '032', '033'],
    options: () => ({ mutate: replaceFirst('<cbc:EndDate>2030-12-31<', '<cbc:EndDate>2030-12-30<') }),
  },
  {
    rules: ['SIM-EV10'],
    why: 'a registration (036) on an invoice sold in cash (no due date)',
    code: '036',
    before: ['030', '032', '033'],
    cash: true,
  },
  {
    rules: ['AAI07b'],
    why: 'an endorsement (037) whose PrecioPagarseFEV is not ValorTotalEndoso less the discount',
    code: '037',
    before: ['030', '032', '033', '036'],
    options: () => ({
      mutate: replaceFirst('<Name>TasaDescuento</Name><Value>3<', '<Name>TasaDescuento</Name><Value>4<'),
    }),
  },
  {
    rules: ['AAF19'],
    why: "an endorsement (037) whose endorser's participation is not the endorsed value",
    code: '037',
    before: ['030', '032', '033', '036'],
    options: () => ({ mutate: (xml) => replaceParticipation(xml, 'SenderParty') }),
  },
  {
    rules: ['AAG20'],
    why: "an endorsement (037) whose endorsee's participation is not the endorsed value",
    code: '037',
    before: ['030', '032', '033', '036'],
    options: () => ({ mutate: (xml) => replaceParticipation(xml, 'ReceiverParty') }),
  },
  {
    rules: ['SIM-EV11'],
    why: 'an endorsement (037) that says neither complete (1) nor blank (2) in @listID',
    code: '037',
    before: ['030', '032', '033', '036'],
    options: () => ({ mutate: replaceFirst('<cbc:ResponseCode listID="1">', '<cbc:ResponseCode>') }),
  },
  {
    rules: ['AAD06'],
    why: "a blank endorsement (037, @listID 2) with the annex's CUDE rather than its own",
    code: '037',
    before: ['030', '032', '033', '036'],
    options: () => ({ mutate: replaceFirst('<cbc:ResponseCode listID="1">', '<cbc:ResponseCode listID="2">') }),
  },
];

/** One side's participation made a peso less than the endorsed value. */
function replaceParticipation(xml: string, side: string): string {
  const at = xml.indexOf(`<cac:${side}>`);
  const stock = /(<cbc:CorporateStockAmount currencyID="COP">)(\d+)(\.\d{2}<)/;
  const tail = xml
    .slice(at)
    .replace(stock, (_, open: string, units: string, rest: string) => `${open}${Number(units) - 1}${rest}`);
  return xml.slice(0, at) + tail;
}

describe('each rule, one thing broken', () => {
  it.each(cases)('rejects $rules: $why', async (c) => {
    const invoice = c.cash ? await acceptedInCash() : await accepted();
    await register(invoice, ...(c.before ?? []));
    const built = event(c.code, c.invoice?.(invoice) ?? invoice, c.options?.());
    const answer = await send(c.after ? c.after(built.xml) : built.xml);
    expect(rules(answer)).toEqual(c.rules);
    expect(answer).toMatchObject({ isValid: false, statusCode: '99', xmlBase64Bytes: undefined });
    expect((await client.getStatusEvent(invoice.cufe)).events?.map((e) => e.eventCode)).toEqual(c.before ?? []);
  });

  it('answers SIM-ZIP01 for a non-zip, SIM-ZIP02 for two files, ZB01 for an invoice sent as an event', async () => {
    const zipped = (...xml: string[]) =>
      writeZip(
        xml.map((x, i) => ({ name: `ar${i}.xml`, data: Buffer.from(x) })),
        new Date(),
      );
    const invoice = signedInvoice({ credential: world.tenant });
    const acknowledgement = event('030', await accepted()).xml;
    const answers = await Promise.all([
      client.sendEventUpdateStatus({ fileName: 'z.zip', content: Buffer.from('no zip') }),
      client.sendEventUpdateStatus({ fileName: 'z.zip', content: zipped(acknowledgement, acknowledgement) }),
      client.sendEventUpdateStatus({ fileName: 'z.zip', content: zipped(invoice.xml) }),
    ]);
    expect(answers.map(rules)).toEqual([['SIM-ZIP01'], ['SIM-ZIP02'], ['ZB01']]);
  });

  it("answers SIM-NAME02 for an event's XML not named ar + its sender's NIT (the operation carries no zip name)", async () => {
    const invoice = await accepted();
    const acknowledgement = event('030', invoice).xml;
    const named = (name: string) =>
      client.sendEventUpdateStatus({
        fileName: 'anything.zip',
        content: writeZip([{ name, data: Buffer.from(acknowledgement) }], new Date()),
      });
    const year = String(new Date().getFullYear() % 100);
    // The event's sender is the buyer; the invoice's issuer (demoTenant) is another NIT.
    expect(rules(await named(`fv0900108281000${year}0000B001.xml`))).toEqual(['SIM-NAME02']);
    expect(rules(await named(`ar0900123456000${year}0000B002.xml`))).toEqual(['SIM-NAME02']);
    expect(rules(await named('ACR1.xml'))).toEqual(['SIM-NAME02']);
    expect(rules(await named(`ar0900108281000${year}0000B003.xml`))).toEqual([]);
  });

  it('rejects a resend of a registered event with rule 90 alone, and keeps its registration', async () => {
    const invoice = await accepted();
    const acknowledgement = event('030', invoice);
    expect((await send(acknowledgement.xml)).statusCode).toBe('00');
    const again = await send(acknowledgement.xml);
    expect(rules(again)).toEqual(['90']);
    expect(again.errorMessages[0]!.message).toBe('Documento procesado anteriormente');
    expect(await client.getStatus(acknowledgement.cude)).toMatchObject({ isValid: true, statusCode: '00' });
    expect((await client.getStatusEvent(invoice.cufe)).events).toHaveLength(1);
  });

  it("rejects AAD05: an event ID the buyer used already for another invoice's acknowledgement", async () => {
    const [first, second] = [await accepted(), await accepted()];
    expect((await send(event('030', first, { id: 'ACR77' }).xml)).statusCode).toBe('00');
    expect(rules(await send(event('030', second, { id: 'ACR77' }).xml))).toEqual(['AAD05']);
    // Each event code numbers apart: the same ID for a receipt is no reuse.
    expect(rules(await send(event('032', first, { id: 'ACR77' }).xml))).toEqual([]);
  });

  it('accepts a blank endorsement (037, @listID 2) with its own CUDE, listing its kind', async () => {
    const invoice = await accepted();
    await register(invoice, '030', '032', '033', '036');
    const blank = event('037', invoice, {
      content: {
        endorsement: { kind: '2', amount: '100.00', discountRate: '0', paymentMeans: '10', dueDate: '2030-12-31' },
      },
    });
    expect(rules(await send(blank.xml))).toEqual([]);
    const listed = (await client.getStatusEvent(invoice.cufe)).events!.at(-1)!;
    expect([listed.eventCode, listed.cude, listed.claimReason?.code]).toEqual(['037', blank.cude, '2']);
  });

  it('accepts a claim (031) after the receipt, with its reason listed by GetStatusEvent', async () => {
    const invoice = await accepted();
    await register(invoice, '030', '032', '031');
    const events = (await client.getStatusEvent(invoice.cufe)).events!;
    expect(events.map((e) => [e.eventCode, e.claimReason])).toEqual([
      ['030', undefined],
      ['032', undefined],
      ['031', { code: '02', name: 'Mercancía no entregada totalmente' }],
    ]);
  });
});

/** A Friday before a Monday holiday, over a week ahead and within the test certificates' year. */
function fridayBeforeAHoliday(): string {
  const from = new Date(Date.now() + 10 * day).toISOString().slice(0, 10);
  const year = Number(from.slice(0, 4));
  const monday = [...colombianHolidays(year), ...colombianHolidays(year + 1)].find(
    (date) => date >= from && new Date(`${date}T12:00:00Z`).getUTCDay() === 1,
  )!;
  return new Date(Date.parse(`${monday}T12:00:00Z`) - 3 * day).toISOString().slice(0, 10);
}
/** 10:00 in Colombia, `days` after `date`. */
const at = (date: string, days = 0) => new Date(Date.parse(`${date}T10:00:00-05:00`) + days * day);
const dateOf = (instant: Date) => new Date(instant.getTime() - 5 * 3_600_000).toISOString().slice(0, 10);

describe('tacit acceptance (034) three business days after the receipt (032), a Colombian holiday between', () => {
  const friday = fridayBeforeAHoliday();
  // Business days after Friday: not the Monday holiday, then Tuesday, Wednesday, Thursday; 034 from the next Friday.
  const thursday = dateOf(at(friday, 6));
  const nextFriday = dateOf(at(friday, 7));
  let invoice: Invoice;
  beforeAll(async () => {
    invoice = await accepted();
    for (const code of ['030', '032'])
      expect(rules(await send(event(code, invoice, { issuedAt: at(friday) }).xml)), code).toEqual([]);
  });
  afterAll(() => sim.setToday(undefined));

  it('the calendar: the Monday holiday moves the first day from the Thursday to the next Friday', () => {
    const monday = dateOf(at(friday, 3));
    expect(colombianHolidays(Number(monday.slice(0, 4)))).toContain(monday);
    expect(tacitAcceptanceAvailableFrom(friday)).toBe(nextFriday);
  });

  it('rejects DC24e: a 034 on the Thursday, the third business day not over', async () => {
    sim.setToday(thursday);
    expect(rules(await send(event('034', invoice, { issuedAt: at(friday, 6) }).xml))).toEqual(['DC24e']);
  });

  it('rejects DC24e: a 034 dated the next Friday but received while DIAN is still on Thursday', async () => {
    sim.setToday(thursday);
    expect(rules(await send(event('034', invoice, { issuedAt: at(friday, 7) }).xml))).toEqual(['DC24e']);
  });

  it('rejects DC24c: an express acceptance (033) signed once the three business days are over', async () => {
    sim.setToday(nextFriday);
    expect(rules(await send(event('033', invoice, { issuedAt: at(friday, 7) }).xml))).toEqual(['DC24c']);
  });

  it('accepts the 034 on the next Friday, then the registration as título valor (036) and an endorsement (037)', async () => {
    sim.setToday(nextFriday);
    for (const code of ['034', '036', '037'])
      expect(rules(await send(event(code, invoice, { issuedAt: at(friday, 7) }).xml)), code).toEqual([]);
    const events = (await client.getStatusEvent(invoice.cufe)).events!;
    expect(events.map((e) => [e.eventCode, e.sender.id, e.recipient?.id])).toEqual([
      ['030', buyer.id, seller.id],
      ['032', buyer.id, seller.id],
      ['034', seller.id, '800197268'],
      ['036', seller.id, '800197268'],
      ['037', seller.id, endorsee.id],
    ]);
  });

  it('rejects SIM-EV05: the issuer endorsing again after endorsing it (the endorsee holds it now)', async () => {
    sim.setToday(nextFriday);
    expect(rules(await send(event('037', invoice, { issuedAt: at(friday, 7) }).xml))).toEqual(['SIM-EV05']);
  });
});
