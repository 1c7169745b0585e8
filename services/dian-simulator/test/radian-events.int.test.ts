// RADIAN over loopback HTTP with our client: an invoice the simulator accepted gets its buyer's 030 → 032 → 033,
// each answered 00 with DIAN's signed ApplicationResponse, and GetStatusEvent lists them, signed too.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDianSoapClient, type DianGateway, type DianResponse, type EventStatusResponse } from '@fe/dian-client';
import { packageForTest } from '@fe/dian-client/testing';
import { readApplicationResponse } from '@fe/dian-xml';
import { verifyApplicationResponseSignature } from '@fe/xades';
import { demoIssuer, startDianSimulator, type DianSimulator } from '../src/index.ts';
import { buyer, eventSenders, seller, signedEvent } from '../test-support/events.ts';
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

const send = (xml: string) => client.sendEventUpdateStatus(packageForTest(xml, new Date()).zip);
const rules = (r: DianResponse) => r.errorMessages.map((m) => m.rule);
const accepted = async () => {
  const invoice = signedInvoice({ credential: world.tenant });
  expect((await client.sendBillSync(packageForTest(invoice.xml, new Date()).zip)).statusCode).toBe('00');
  return invoice;
};

describe('an accepted sequence: 030, 032, 033', () => {
  let invoice: { xml: string; cufe: string; id: string };
  const sent: { code: string; id: string; cude: string; answer: DianResponse }[] = [];
  let status: EventStatusResponse;
  beforeAll(async () => {
    invoice = await accepted();
    for (const code of ['030', '032', '033']) {
      const event = signedEvent(code, invoice, { credential: world.rawCredential('buyer') });
      sent.push({ code, id: event.id, cude: event.cude, answer: await send(event.xml) });
    }
    status = await client.getStatusEvent(invoice.cufe);
  });

  it('answers each 00 with an ApplicationResponse from DIAN to the buyer, referencing the event', () => {
    for (const { code, id, cude, answer } of sent) {
      expect(answer, code).toMatchObject({
        isValid: true,
        statusCode: '00',
        statusDescription: 'Procesado Correctamente.',
        statusMessage: `El evento ${code} ${id} sobre la factura ${invoice.id}, ha sido registrado.`,
        errorMessages: [],
        xmlDocumentKey: cude,
      });
      const ar = readApplicationResponse(answer.applicationResponseXml!);
      expect(ar).toMatchObject({ senderNit: '800197268', responseCode: '02', documentNumber: id, documentKey: cude });
      const checks = verifyApplicationResponseSignature(answer.applicationResponseXml!, world.identity.certificatePem);
      expect(checks.checks.filter((c) => c.ok === false)).toEqual([]);
    }
  });

  it('GetStatusEvent lists them, oldest first, in a signed ApplicationResponse', () => {
    expect(status).toMatchObject({
      isValid: true,
      statusCode: '00',
      statusMessage: `La factura electrónica ${invoice.id} tiene 3 eventos registrados.`,
      xmlDocumentKey: invoice.cufe,
    });
    expect(status.events).toEqual(
      sent.map(({ code, id, cude }) =>
        expect.objectContaining({
          eventCode: code,
          id,
          cude,
          documentTypeCode: '96',
          sender: { name: buyer.name, id: buyer.id, dv: '3', documentType: '31' },
          recipient: { name: seller.name, id: seller.id, dv: String(seller.dv), documentType: '31' },
        }),
      ),
    );
    const checks = verifyApplicationResponseSignature(status.applicationResponseXml!, world.identity.certificatePem);
    expect(checks.checks.filter((c) => c.ok === false)).toEqual([]);
  });

  it('GetStatus by an event CUDE answers its registration', async () => {
    const last = sent[2]!;
    expect(await client.getStatus(last.cude)).toMatchObject({ statusCode: '00', xmlDocumentKey: last.cude });
  });

  it('an invoice without events: 00 and an empty list; one never accepted: 66', async () => {
    const fresh = await accepted();
    expect(await client.getStatusEvent(fresh.cufe)).toMatchObject({
      isValid: true,
      statusCode: '00',
      statusMessage: `La factura electrónica ${fresh.id} no tiene eventos registrados.`,
      events: [],
    });
    expect(await client.getStatusEvent('f'.repeat(96))).toMatchObject({ isValid: false, statusCode: '66', events: [] });
    expect(rules(await client.getStatus('f'.repeat(96)))).toEqual([]);
  });
});
