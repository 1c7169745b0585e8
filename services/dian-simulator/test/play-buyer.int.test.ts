// The simulator playing an invoice's buyer (no second tenant): it registers 030, 032, 033 or 031 as the buyer would,
// judged like any event, so the seller's side (GetStatusEvent, its 034 three business days later) is tested end to
// end; in process, and over HTTP for a simulator in another process (DIAN_SIMULATOR_CONTROL).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDianSoapClient, type DianGateway } from '@fe/dian-client';
import { packageForTest } from '@fe/dian-client/testing';
import { tacitAcceptanceAvailableFrom } from '@fe/dian-domain';
import { startDianSimulator, type DianSimulator } from '../src/index.ts';
import { seller, signedEvent } from '../test-support/events.ts';
import { signedInvoice } from '../test-support/invoices.ts';
import { makeWorld, type TestWorld } from '../test-support/world.ts';

let world: TestWorld;
let sim: DianSimulator;
let client: DianGateway;
beforeAll(async () => {
  world = makeWorld();
  // The buyer is not registered anywhere: the simulator registers the software it plays it with.
  sim = await startDianSimulator(world.config(), { port: 0 }, { control: true });
  client = createDianSoapClient({ endpoint: sim.endpoint, credential: world.ws, timeoutMs: 20_000 });
});
afterAll(async () => {
  await sim?.close();
  world?.cleanup();
});

const accepted = async () => {
  const invoice = signedInvoice({ credential: world.tenant });
  expect((await client.sendBillSync(packageForTest(invoice.xml, new Date()).zip)).statusCode).toBe('00');
  return invoice;
};
const played = async (cufe: string, request: Parameters<DianSimulator['playBuyer']>[1]) => {
  const outcome = await sim.playBuyer(cufe, request);
  if (!outcome.ok) throw new Error(`${outcome.code}: ${outcome.message}`);
  return outcome;
};

describe('playing the buyer in process', () => {
  it('registers 030, 032 (with the person who received the goods) and 033 from the buyer, listed by GetStatusEvent', async () => {
    const invoice = await accepted();
    const person = {
      documentType: '13',
      id: '52123456',
      firstName: 'Luisa',
      familyName: 'Rojas',
      jobTitle: 'Almacenista',
    };
    const events = [
      await played(invoice.cufe, { eventCode: '030' }),
      await played(invoice.cufe, { eventCode: '032', person }),
      await played(invoice.cufe, { eventCode: '033' }),
    ];
    for (const event of events)
      expect(event.response).toMatchObject({
        isValid: true,
        statusCode: '00',
        errorMessages: [],
        xmlDocumentKey: event.cude,
      });
    const status = await client.getStatusEvent(invoice.cufe);
    expect(status.events!.map((e) => [e.eventCode, e.id, e.cude, e.sender.id, e.sender.name, e.recipient?.id])).toEqual(
      events.map((e, i) => [['030', '032', '033'][i], e.id, e.cude, '900108281', 'Cliente S.A.S.', seller.id]),
    );
  });

  it('registers a claim (031) with its reason', async () => {
    const invoice = await accepted();
    await played(invoice.cufe, { eventCode: '030' });
    await played(invoice.cufe, { eventCode: '032' });
    const claim = await played(invoice.cufe, { eventCode: '031', claimReason: '03', note: 'Faltaron 2 cajas.' });
    expect(claim.response.statusCode).toBe('00');
    expect((await client.getStatusEvent(invoice.cufe)).events!.at(-1)).toMatchObject({
      eventCode: '031',
      claimReason: { code: '03', name: 'Mercancía no entregada parcialmente' },
    });
  });

  it('judges what it plays like any event: a receipt (032) before the acknowledgement is SIM-EV07', async () => {
    const invoice = await accepted();
    const outcome = await played(invoice.cufe, { eventCode: '032' });
    expect(outcome.response).toMatchObject({ isValid: false, statusCode: '99' });
    expect(outcome.response.errorMessages).toEqual([expect.stringMatching(/^Regla: SIM-EV07, Rechazo: /)]);
  });

  it('refuses an invoice it never accepted, an event it does not play and what the builder refuses', async () => {
    const invoice = await accepted();
    expect(await sim.playBuyer('f'.repeat(96), { eventCode: '030' })).toMatchObject({
      ok: false,
      code: 'INVOICE_UNKNOWN',
    });
    expect(await sim.playBuyer(invoice.cufe, { eventCode: '034' })).toMatchObject({
      ok: false,
      code: 'REQUEST_INVALID',
    });
    expect(await sim.playBuyer(invoice.cufe, { eventCode: '031' })).toMatchObject({
      ok: false,
      code: 'REQUEST_INVALID',
      message: expect.stringContaining('claimReason'),
    });
    expect(await sim.playBuyer(invoice.cufe, { eventCode: '030', issuedAt: 'yesterday' })).toMatchObject({
      ok: false,
      code: 'REQUEST_INVALID',
    });
  });

  it("the seller's side end to end: the buyer's 030 and 032 today, the seller's 034 once the simulator's today moved three business days", async () => {
    const invoice = await accepted();
    await played(invoice.cufe, { eventCode: '030' });
    const receipt = await played(invoice.cufe, { eventCode: '032' });
    const receivedOn = (await client.getStatusEvent(invoice.cufe)).events!.find(
      (e) => e.cude === receipt.cude,
    )!.issueDate!;
    const from = tacitAcceptanceAvailableFrom(receivedOn);
    const tacit = signedEvent('034', invoice, {
      credential: world.tenant,
      issuedAt: new Date(`${from}T09:00:00-05:00`),
    });
    const send = () => client.sendEventUpdateStatus(packageForTest(tacit.xml, new Date()).zip);
    try {
      sim.setToday(receivedOn);
      expect((await send()).errorMessages.map((m) => m.rule)).toEqual(['DC24e']);
      sim.setToday(from);
      expect(await send()).toMatchObject({ isValid: true, statusCode: '00', xmlDocumentKey: tacit.cude });
    } finally {
      sim.setToday(undefined);
    }
    expect((await client.getStatusEvent(invoice.cufe)).events!.map((e) => e.eventCode)).toEqual(['030', '032', '034']);
  });

  it('setToday takes a YYYY-MM-DD date and nothing else', () => {
    expect(() => sim.setToday('2026-02-30')).toThrow(RangeError);
    expect(() => sim.setToday('mañana')).toThrow(RangeError);
    sim.setToday(undefined);
  });
});

describe('the controls over HTTP (DIAN_SIMULATOR_CONTROL), for a simulator in another process', () => {
  const control = (path: string, init?: RequestInit) => fetch(`http://127.0.0.1:${sim.port}/control/${path}`, init);
  const post = (cufe: string, body: unknown) =>
    control(`events/${cufe}`, { method: 'POST', body: typeof body === 'string' ? body : JSON.stringify(body) });

  it("POST /control/events/<cufe> plays the buyer and answers the event and DIAN's answer; 404 unknown invoice, 400 a bad request", async () => {
    const invoice = await accepted();
    const answer = await post(invoice.cufe, { eventCode: '030' });
    expect(answer.status).toBe(200);
    const body = (await answer.json()) as { id: string; cude: string; statusCode: string; isValid: boolean };
    expect(body).toMatchObject({ isValid: true, statusCode: '00', xmlDocumentKey: body.cude });
    expect((await client.getStatusEvent(invoice.cufe)).events!.map((e) => e.id)).toEqual([body.id]);
    expect((await post('f'.repeat(96), { eventCode: '030' })).status).toBe(404);
    expect((await post(invoice.cufe, { eventCode: '031' })).status).toBe(400);
    expect((await post(invoice.cufe, 'not json')).status).toBe(400);
    expect((await post(invoice.cufe, { eventCode: 30 })).status).toBe(400);
  });

  it("PUT /control/today moves the event rules' today; an empty body goes back; anything else is 400", async () => {
    expect((await control('today', { method: 'PUT', body: '2026-13-01' })).status).toBe(400);
    expect((await control('today', { method: 'PUT', body: '2030-01-02' })).status).toBe(204);
    expect((await control('today', { method: 'PUT', body: '' })).status).toBe(204);
  });
});
