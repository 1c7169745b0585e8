// The habilitación test set over loopback HTTP: SendTestSetAsync returns a ZipKey, GetStatusZip answers one
// verdict per document, a TestSetId never seen starts its own set, and one that is not a GUID is refused.
import {
  createDianSoapClient,
  sendTestSet,
  DianClientError,
  writeZip,
  type DianGateway,
  type DianZip,
} from '@fe/dian-client';
import { testFileNames } from '@fe/dian-client/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoTestSetId, startDianSimulator, type DianSimulator } from '../src/index.ts';
import { signedInvoice } from '../test-support/invoices.ts';
import { makeWorld, type TestWorld } from '../test-support/world.ts';

let world: TestWorld;
let sim: DianSimulator;
let client: DianGateway;
const PROCESSING_POLLS = 2;
beforeAll(async () => {
  world = makeWorld();
  sim = await startDianSimulator(world.config({ zipProcessingPolls: PROCESSING_POLLS }), { port: 0 });
  client = createDianSoapClient({ endpoint: sim.endpoint, credential: world.ws, timeoutMs: 20_000 });
});
afterAll(async () => {
  await sim?.close();
  world?.cleanup();
});

/** Several signed documents in one zip, each under DIAN's file name, as a test set is sent. */
function setZip(xmls: string[]): DianZip {
  const names = xmls.map(testFileNames);
  return {
    fileName: names[0]!.zip,
    content: writeZip(
      xmls.map((xml, i) => ({ name: names[i]!.xml, data: Buffer.from(xml, 'utf8') })),
      new Date(),
    ),
  };
}

/** GetStatusZip until the zip leaves DIAN's queue; returns the verdicts and how many answers said "in process". */
async function pollVerdicts(zipKey: string) {
  let inProcess = 0;
  for (;;) {
    const answers = await client.getStatusZip(zipKey);
    if (!(answers.length === 1 && answers[0]!.statusCode === '98')) return { answers, inProcess };
    inProcess += 1;
    if (inProcess > 10) throw new Error('the zip never left the queue');
  }
}

describe('SendTestSetAsync + GetStatusZip', () => {
  it('accepts a set: a ZipKey, "in process" while queued, then one accepted verdict per document', async () => {
    const invoices = [signedInvoice({ credential: world.tenant }), signedInvoice({ credential: world.tenant })];
    const upload = await client.sendTestSetAsync(setZip(invoices.map((i) => i.xml)), demoTestSetId);
    expect(upload.errorMessageList).toEqual([]);
    expect(upload.zipKey).toMatch(/^[0-9a-f-]{36}$/);
    const { answers, inProcess } = await pollVerdicts(upload.zipKey!);
    expect(inProcess).toBe(PROCESSING_POLLS);
    expect(answers.map((a) => [a.statusCode, a.isValid, a.xmlDocumentKey])).toEqual(
      invoices.map((i) => ['00', true, i.cufe]),
    );
    expect(answers.every((a) => a.applicationResponseXml?.includes('ApplicationResponse'))).toBe(true);
  });

  it('judges each document alone: a rejected one in the set does not hide the accepted one', async () => {
    const good = signedInvoice({ credential: world.tenant });
    // A number above the range it declares (FAD05c), as rules.int.test.ts breaks it.
    const bad = signedInvoice({
      credential: world.tenant,
      number: '996000000',
      resolution: { to: '999999999' },
      mutate: (xml) => xml.replace('<sts:To>999999999<', '<sts:To>995000000<'),
    });
    const upload = await client.sendTestSetAsync(setZip([good.xml, bad.xml]), demoTestSetId.toUpperCase());
    const { answers } = await pollVerdicts(upload.zipKey!);
    expect(answers.map((a) => [a.statusCode, a.isValid, a.xmlDocumentKey])).toEqual([
      ['00', true, good.cufe],
      ['99', false, bad.cufe],
    ]);
    expect(answers[1]!.errorMessages.filter((m) => m.effect === 'rejection').map((m) => m.rule)).toContain('FAD05c');
  });

  it("starts a new set for a TestSetId it never saw (each software has DIAN's own), judged like any other", async () => {
    const invoice = signedInvoice({ credential: world.tenant });
    const upload = await client.sendTestSetAsync(setZip([invoice.xml]), '11111111-2222-4333-8444-555555555555');
    expect(upload.errorMessageList).toEqual([]);
    const { answers } = await pollVerdicts(upload.zipKey!);
    expect(answers.map((a) => [a.statusCode, a.xmlDocumentKey])).toEqual([['00', invoice.cufe]]);
  });

  it('refuses a TestSetId that is not a GUID: no ZipKey, one unsuccessful item naming SIM-TS01, nothing recorded', async () => {
    const invoice = signedInvoice({ credential: world.tenant });
    const upload = await client.sendTestSetAsync(setZip([invoice.xml]), 'set-de-pruebas-1');
    expect(upload.zipKey).toBeUndefined();
    expect(
      upload.errorMessageList.map((e) => [e.success, /Regla: (\S+),/.exec(e.processedMessage ?? '')?.[1]]),
    ).toEqual([[false, 'SIM-TS01']]);
    expect((await client.getStatus(invoice.cufe)).statusCode).toBe('66');
  });

  it("sendTestSet counts DIAN's verdicts after polling, and names the code of each way it stops short", async () => {
    const good = signedInvoice({ credential: world.tenant });
    const bad = signedInvoice({
      credential: world.tenant,
      number: '996000000',
      resolution: { to: '999999999' },
      mutate: (xml) => xml.replace('<sts:To>999999999<', '<sts:To>995000000<'),
    });
    const waits: number[] = [];
    const sleep = async (ms: number) => {
      waits.push(ms);
    };
    const result = await sendTestSet(client, setZip([good.xml, bad.xml]), demoTestSetId, {
      pollDelaysMs: [10, 20, 40],
      sleep,
    });
    expect([result.accepted, result.rejected, waits]).toEqual([1, 1, [10, 20]]);
    expect(result.verdicts.map((v) => v.xmlDocumentKey)).toEqual([good.cufe, bad.cufe]);

    const stillQueued = await sendTestSet(
      client,
      setZip([signedInvoice({ credential: world.tenant }).xml]),
      demoTestSetId,
      { pollDelaysMs: [1], sleep },
    ).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(stillQueued).toMatchObject({ code: 'TEST_SET_STILL_PROCESSING', retriable: true });
    const refused = await sendTestSet(
      client,
      setZip([signedInvoice({ credential: world.tenant }).xml]),
      'set-de-pruebas-1',
      { pollDelaysMs: [], sleep },
    ).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(refused).toBeInstanceOf(DianClientError);
    expect(refused).toMatchObject({ code: 'TEST_SET_REFUSED', retriable: false, detail: 'SIM-TS01' });
  });
});
