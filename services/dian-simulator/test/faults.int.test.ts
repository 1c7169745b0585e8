// Every injected fault, through the real client over loopback HTTP, yields the right
// classification (code, retriable, outcomeUnknown); and the other operations answer as DIAN's do.
import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildSoapRequest,
  createDianSoapClient,
  readSoapEnvelope,
  DianClientError,
  type DianGateway,
} from '@fe/dian-client';
import { packageForTest } from '@fe/dian-client/testing';
import { demoTestSetId, startDianSimulator, type DianSimulator } from '../src/index.ts';
import { signedInvoice } from '../test-support/invoices.ts';
import { makeWorld, type TestWorld } from '../test-support/world.ts';

let world: TestWorld;
let sim: DianSimulator;
beforeAll(async () => {
  world = makeWorld();
  sim = await startDianSimulator(world.config(), { port: 0 });
});
afterAll(async () => {
  await sim?.close();
  world?.cleanup();
});

const clientFor = (endpoint: string, timeoutMs = 20_000) =>
  createDianSoapClient({ endpoint, credential: world.ws, timeoutMs });
const zipOf = () => {
  const invoice = signedInvoice({ credential: world.tenant });
  return { invoice, zip: packageForTest(invoice.xml, new Date()).zip };
};
async function failure(
  promise: Promise<unknown>,
): Promise<Pick<DianClientError, 'code' | 'retriable' | 'outcomeUnknown'>> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(DianClientError);
  const { code, retriable, outcomeUnknown } = error as DianClientError;
  return { code, retriable, outcomeUnknown };
}

describe('fault injection, per request (?fault=…)', () => {
  const withFault = (fault: string, timeoutMs?: number) => clientFor(`${sim.endpoint}?fault=${fault}`, timeoutMs);

  it('latency: the answer still arrives', async () => {
    expect((await withFault('latency=50').sendBillSync(zipOf().zip)).statusCode).toBe('00');
  });
  it('timeout: TIMEOUT, retriable, outcome unknown for a send and known for a read', async () => {
    expect(await failure(withFault('timeout', 400).sendBillSync(zipOf().zip))).toEqual({
      code: 'TIMEOUT',
      retriable: true,
      outcomeUnknown: true,
    });
    expect(await failure(withFault('timeout', 400).getStatus('x'))).toEqual({
      code: 'TIMEOUT',
      retriable: true,
      outcomeUnknown: false,
    });
  });
  it('http500: HTTP_500, retriable', async () => {
    expect(await failure(withFault('http500').sendBillSync(zipOf().zip))).toMatchObject({
      code: 'HTTP_500',
      retriable: true,
    });
  });
  it('http503: HTTP_503, retriable, not processed', async () => {
    expect(await failure(withFault('http503').sendBillSync(zipOf().zip))).toEqual({
      code: 'HTTP_503',
      retriable: true,
      outcomeUnknown: false,
    });
  });
  it('untrusted-cert: the SOAP Client fault, final', async () => {
    expect(await failure(withFault('untrusted-cert').sendBillSync(zipOf().zip))).toEqual({
      code: 'SOAP_FAULT_CLIENT',
      retriable: false,
      outcomeUnknown: false,
    });
  });
  it('response-lost: CONNECTION_RESET with outcome unknown; GetStatus then finds the acceptance', async () => {
    const { invoice, zip } = zipOf();
    expect(await failure(withFault('response-lost').sendBillSync(zip))).toEqual({
      code: 'CONNECTION_RESET',
      retriable: true,
      outcomeUnknown: true,
    });
    expect(await clientFor(sim.endpoint).getStatus(invoice.cufe)).toMatchObject({
      statusCode: '00',
      isValid: true,
      xmlDocumentKey: invoice.cufe,
    });
  });
});

describe('fault injection, global and by header', () => {
  it('a global fault applies until cleared', async () => {
    sim.setGlobalFault({ kind: 'http503' });
    try {
      expect(await failure(clientFor(sim.endpoint).getStatus('x'))).toMatchObject({ code: 'HTTP_503' });
    } finally {
      sim.setGlobalFault(undefined);
    }
    expect((await clientFor(sim.endpoint).getStatus('x')).statusCode).toBe('66');
  });
  it('the x-simulator-fault header selects a fault for callers that are not our client', async () => {
    const res = await fetch(sim.endpoint, {
      method: 'POST',
      headers: { 'x-simulator-fault': 'http503' },
      body: '<x/>',
    });
    expect(res.status).toBe(503);
  });
});

describe('real failures', () => {
  it('a WS-Security certificate from an untrusted CA gets the SOAP Client fault', async () => {
    const untrusted = world.rawCredential('untrusted');
    const client = createDianSoapClient({
      endpoint: sim.endpoint,
      credential: { privateKey: untrusted.privateKey, certificateDer: untrusted.chain[0].der },
    });
    expect(await failure(client.sendBillSync(zipOf().zip))).toMatchObject({
      code: 'SOAP_FAULT_CLIENT',
      retriable: false,
    });
  });
  it('a request whose signed wsa:To names another endpoint gets the fault of the sample', async () => {
    const soap = buildSoapRequest('GetStatus', [['trackId', 'x']], {
      credential: world.ws,
      endpoint: 'https://vpfe-hab.dian.gov.co/WcfDianCustomerServices.svc',
      now: new Date(),
      ttlSeconds: 300,
    });
    const res = await fetch(sim.endpoint, {
      method: 'POST',
      headers: { 'content-type': soap.contentType },
      body: soap.body,
    });
    expect(res.status).toBe(500);
    expect(readSoapEnvelope(await res.text(), 'GetStatus')).toEqual({
      kind: 'fault',
      fault: { code: 's:Client', subcode: undefined, reason: expect.any(String) },
    });
  });
  it('a closed port is CONNECTION_FAILED, retriable, not processed', async () => {
    const port = await new Promise<number>((resolve) => {
      const s = createServer().listen(0, '127.0.0.1', () => {
        const p = (s.address() as { port: number }).port;
        s.close(() => resolve(p));
      });
    });
    expect(await failure(clientFor(`http://127.0.0.1:${port}/WcfDianCustomerServices.svc`).getStatus('x'))).toEqual({
      code: 'CONNECTION_FAILED',
      retriable: true,
      outcomeUnknown: false,
    });
  });
  it('plain http to a non-loopback host is refused before any call', () => {
    expect(() => clientFor('http://vpfe-hab.dian.gov.co/WcfDianCustomerServices.svc')).toThrow(
      expect.objectContaining({ code: 'INSECURE_ENDPOINT' }),
    );
  });
});

describe('the other operations', () => {
  let client: DianGateway;
  beforeAll(() => {
    client = clientFor(sim.endpoint);
  });

  it("SendBillAsync returns a ZipKey; GetStatusZip and GetStatus by ZipKey return the documents' answers", async () => {
    const { invoice, zip } = zipOf();
    const upload = await client.sendBillAsync(zip);
    expect(upload.zipKey).toMatch(/^[0-9a-f-]{36}$/);
    const answers = await client.getStatusZip(upload.zipKey!);
    expect(answers.map((a) => [a.statusCode, a.xmlDocumentKey])).toEqual([['00', invoice.cufe]]);
    expect((await client.getStatus(upload.zipKey!)).xmlDocumentKey).toBe(invoice.cufe);
  });
  it('SendTestSetAsync returns a ZipKey', async () => {
    expect((await client.sendTestSetAsync(zipOf().zip, demoTestSetId)).zipKey).toMatch(/^[0-9a-f-]{36}$/);
  });
  it('GetStatus and GetStatusZip of unknown keys answer 66 and 90', async () => {
    expect((await client.getStatus('f'.repeat(96))).statusCode).toBe('66');
    expect((await client.getStatusZip('00000000-0000-0000-0000-000000000000')).map((a) => a.statusCode)).toEqual([
      '90',
    ]);
  });
  it('GetXmlByDocumentKey returns the accepted document', async () => {
    const { invoice, zip } = zipOf();
    await client.sendBillSync(zip);
    const found = await client.getXmlByDocumentKey(invoice.cufe);
    expect(found).toMatchObject({ code: '100', xml: invoice.xml });
    expect((await client.getXmlByDocumentKey('0'.repeat(96))).code).toBe('404');
  });
  it('GetNumberingRange lists the configured ranges with their technical key, and none for unknown software', async () => {
    const ranges = await client.getNumberingRange({
      accountCode: '900123456',
      accountCodeT: '900123456',
      softwareCode: '00000000-0000-4000-8000-000000000001',
    });
    expect(ranges).toMatchObject({
      operationCode: '100',
      ranges: [
        {
          prefix: 'SETP',
          fromNumber: '990000000',
          toNumber: '995000000',
          technicalKey: 'fc8eac422eba16e22ffd8c6f94b3f40a6e38162c',
        },
      ],
    });
    expect(
      (await client.getNumberingRange({ accountCode: '900123456', accountCodeT: '900123456', softwareCode: 'nope' }))
        .ranges,
    ).toEqual([]);
  });
});

describe('the test controls over HTTP (DIAN_SIMULATOR_CONTROL), for a simulator in another process', () => {
  let controlled: DianSimulator;
  beforeAll(async () => {
    controlled = await startDianSimulator(world.config(), { port: 0 }, { control: true });
  });
  afterAll(() => controlled?.close());
  const control = (path: string, init?: RequestInit) =>
    fetch(`http://127.0.0.1:${controlled.port}/control/${path}`, init);

  it('PUT /control/fault sets the global fault and an empty body clears it; an unknown fault is 400', async () => {
    const client = clientFor(controlled.endpoint);
    expect((await control('fault', { method: 'PUT', body: 'http503' })).status).toBe(204);
    expect(await failure(client.sendBillSync(zipOf().zip))).toMatchObject({ code: 'HTTP_503' });
    expect((await control('fault', { method: 'PUT', body: 'nonsense' })).status).toBe(400);
    expect((await control('fault', { method: 'PUT', body: '' })).status).toBe(204);
    expect((await client.sendBillSync(zipOf().zip)).statusCode).toBe('00');
  });

  it('GET /control/received/<cufe> counts the receptions DIAN judged of one document', async () => {
    const { invoice, zip } = zipOf();
    const times = async () => ((await (await control(`received/${invoice.cufe}`)).json()) as { times: number }).times;
    expect(await times()).toBe(0);
    await clientFor(controlled.endpoint).sendBillSync(zip);
    await clientFor(controlled.endpoint).sendBillSync(zip);
    expect(await times()).toBe(2);
  });

  it('is closed unless configured: the same paths are 404', async () => {
    expect((await fetch(`http://127.0.0.1:${sim.port}/control/fault`, { method: 'PUT', body: 'http503' })).status).toBe(
      404,
    );
  });
});
