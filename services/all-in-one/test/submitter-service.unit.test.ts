// The submitter service against a real DIAN simulator on loopback (in-process, so a unit test):
// the five exits — events recorded, the ApplicationResponse stored, the calls DIAN saw (through a
// counting proxy), the retry schedule, and the logs.
import type { InvoiceEvent } from '@fe/contracts';
import type { ServiceModule } from '@fe/platform';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { demoTestSetId, ephemeralIdentity } from '@fe/dian-simulator';
import { createDianSoapClient, dianEndpoints } from '@fe/dian-client';
import { packageForTest } from '@fe/dian-client/testing';
import { editElementContent } from '@fe/dian-xml/testing';
import { SqliteSubmissionSchedule } from '@fe/submitter';
import type { ProxiedRequest } from '../test-support/submitter/dian-proxy.ts';
import { demoProfile } from '../test-support/submitter/in-memory-tenant-directory.ts';
import { startSubmitterWorld, typesOf, type SubmitterWorld } from '../test-support/submitter/submitter-world.ts';

let world: SubmitterWorld;
let service: ServiceModule | undefined;
let seen = 0; // proxy requests before the current test

beforeAll(async () => {
  world = await startSubmitterWorld();
}, 60_000);
afterAll(() => world?.close());
afterEach(async () => {
  await service?.stop();
  service = undefined;
  world.proxy.setFaultPlan(undefined);
});

const start = async (
  config: Parameters<SubmitterWorld['service']>[0] = {},
  ports: Parameters<SubmitterWorld['service']>[1] = {},
) => {
  seen = world.proxy.requests.length;
  service = world.service(config, ports);
  await service.start();
  return service;
};
const calls = (): ProxiedRequest[] => world.proxy.requests.slice(seen);
const operations = () => calls().map((r) => r.operation);
const hasVerdict = (events: InvoiceEvent[]) =>
  events.some((e) => e.type === 'InvoiceAccepted' || e.type === 'InvoiceRejected');
const find = <T extends InvoiceEvent['type']>(events: InvoiceEvent[], type: T) =>
  events.filter((e): e is Extract<InvoiceEvent, { type: T }> => e.type === type);
/** Resolves once the service has decided `why` for the invoice `times` times in all (debug log). */
const decided = async (invoiceId: string, why: string, times = 1) => {
  const deadline = Date.now() + 5_000;
  while (
    world.logger.entries.filter(
      (e) => e.message === 'decided' && e.fields.invoice_id === invoiceId && e.fields.why === why,
    ).length < times
  ) {
    if (Date.now() > deadline) throw new Error(`no "${why}" decision for ${invoiceId}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
};
const supplierRenamed = (xml: string) =>
  xml.replaceAll(
    '<cbc:RegistrationName>EMPRESA DEMO S.A.S.</cbc:RegistrationName>',
    '<cbc:RegistrationName>EMPRESA DEMO SAS</cbc:RegistrationName>',
  );
const cufeBroken = (xml: string) => editElementContent(xml, 'cbc:UUID', () => 'a'.repeat(96));

describe('submitter service against the DIAN simulator', { timeout: 20_000 }, () => {
  it('accepted: Submitted + Accepted recorded, the ApplicationResponse stored, one SendBillSync', async () => {
    const invoice = await world.issue();
    await start();
    const events = await world.waitFor(invoice.invoiceId, hasVerdict);
    expect(typesOf(events)).toEqual(['InvoiceRequested', 'InvoiceSigned', 'InvoiceSubmitted', 'InvoiceAccepted']);
    const [submitted] = find(events, 'InvoiceSubmitted');
    const [accepted] = find(events, 'InvoiceAccepted');
    expect(submitted!.data).toEqual({
      attempt: 1,
      operation: 'SendBillSync',
      track_id: invoice.cufe,
      endpoint: world.proxy.endpoint,
      // The world's counter is new: the first fv and the first zip of its issuer this year.
      file_name: expect.stringMatching(/^z0900123456000\d\d00000001\.zip$/),
      xml_file_name: expect.stringMatching(/^fv0900123456000\d\d00000001\.xml$/),
    });
    expect(accepted!.data).toMatchObject({
      track_id: invoice.cufe,
      status_code: '00',
      notifications: [],
      application_response_key: `demo/${invoice.documentId}.application-response.xml`,
    });
    expect(accepted!.causation_id).toBe(find(events, 'InvoiceSigned')[0]!.id);
    expect(accepted!.correlation_id).toBe(events[0]!.correlation_id);
    const ar = Buffer.from((await world.blobs.get(accepted!.data.application_response_key!)).bytes).toString('utf8');
    expect(ar).toContain('<ApplicationResponse');
    expect(ar).toContain(invoice.cufe);
    expect(Date.parse(accepted!.data.validated_at)).toBeGreaterThan(Date.now() - 60_000);
    expect(operations()).toEqual(['SendBillSync']);
    expect(world.simulator.store.isAccepted(invoice.cufe)).toBe(true);
    // Logs: the attempt is there, the certificate and its password are not.
    expect(
      world.logger.entries.some(
        (e) => e.message === 'submission outcome recorded' && e.fields.invoice_id === invoice.invoiceId,
      ),
    ).toBe(true);
    expect(world.logger.text()).not.toMatch(/unit-secret|PRIVATE KEY|BEGIN CERTIFICATE/);
  });

  it('redelivery of InvoiceSigned after acceptance sends nothing and records nothing', async () => {
    const invoice = await world.issue();
    await start();
    const before = await world.waitFor(invoice.invoiceId, hasVerdict);
    await world.republish(find(before, 'InvoiceSigned')[0]!);
    await world.republish(find(before, 'InvoiceSigned')[0]!);
    await decided(invoice.invoiceId, 'verdict-recorded', 2);
    expect(await world.events(invoice.invoiceId)).toEqual(before);
    expect(operations()).toEqual(['SendBillSync']);
  });

  it("accepted with a notification: DIAN's non-blocking rule is on the acceptance", async () => {
    const invoice = await world.issue({ mutate: supplierRenamed });
    await start();
    const [accepted] = find(await world.waitFor(invoice.invoiceId, hasVerdict), 'InvoiceAccepted');
    expect(accepted!.data.notifications.map((n) => n.rule)).toEqual(['FAJ43b']);
  });

  it("rejected (a wrong CUFE): Submitted + Rejected with DIAN's rules, no retry", async () => {
    const invoice = await world.issue({ mutate: cufeBroken });
    await start();
    const events = await world.waitFor(invoice.invoiceId, hasVerdict);
    expect(typesOf(events).slice(2)).toEqual(['InvoiceSubmitted', 'InvoiceRejected']);
    const [rejected] = find(events, 'InvoiceRejected');
    expect(rejected!.data.status_code).toBe('99');
    // The track id is the CUFE the invoice was requested with (the signer guarantees the XML carries it).
    expect(rejected!.data.track_id).toBe(find(events, 'InvoiceRequested')[0]!.data.cufe);
    expect(rejected!.data.errors.map((e) => e.rule)).toContain('FAD06');
    expect(operations()).toEqual(['SendBillSync']);
  });

  it('DIAN 503, then recovery: Failed (retriable) and Accepted; one accepted submission, no GetStatus', async () => {
    world.proxy.setFaultPlan((op, n) => (op === 'SendBillSync' && n === 1 ? 'http503' : undefined));
    const invoice = await world.issue();
    await start();
    const events = await world.waitFor(invoice.invoiceId, hasVerdict);
    expect(typesOf(events).slice(2)).toEqual(['InvoiceSubmissionFailed', 'InvoiceSubmitted', 'InvoiceAccepted']);
    const [failed] = find(events, 'InvoiceSubmissionFailed');
    expect(failed!.data).toMatchObject({ attempt: 1, retriable: true, reason: 'HTTP_503', outcome_unknown: false });
    expect(Date.parse(failed!.data.next_attempt_at!)).toBeGreaterThan(Date.parse(failed!.occurred_at));
    expect(find(events, 'InvoiceSubmitted')[0]!.data.attempt).toBe(2);
    expect(find(events, 'InvoiceSubmitted')[0]!.causation_id).toBe(failed!.id);
    expect(Date.parse(find(events, 'InvoiceSubmitted')[0]!.occurred_at)).toBeGreaterThanOrEqual(
      Date.parse(failed!.data.next_attempt_at!),
    ); // not early
    expect(operations()).toEqual(['SendBillSync', 'SendBillSync']);
    expect(calls().filter((r) => r.operation === 'SendBillSync' && r.status === 200)).toHaveLength(1);
  });

  it('timeout: the outcome is unknown, GetStatus first (not found), then the one resend', async () => {
    world.proxy.setFaultPlan((op, n) => (op === 'SendBillSync' && n === 1 ? 'timeout' : undefined));
    const invoice = await world.issue();
    await start({ client: { timeoutMs: 400 } });
    const events = await world.waitFor(invoice.invoiceId, hasVerdict);
    expect(typesOf(events).slice(2)).toEqual(['InvoiceSubmissionFailed', 'InvoiceSubmitted', 'InvoiceAccepted']);
    expect(find(events, 'InvoiceSubmissionFailed')[0]!.data).toMatchObject({
      reason: 'TIMEOUT',
      retriable: true,
      outcome_unknown: true,
    });
    expect(operations()).toEqual(['SendBillSync', 'GetStatus', 'SendBillSync']);
    expect(calls()[1]!.status).toBe(200);
    // The resend is the same zip under the same name, the one InvoiceSubmitted records.
    const names = calls()
      .filter((r) => r.operation === 'SendBillSync')
      .map((r) => r.fileName);
    expect(names).toEqual([find(events, 'InvoiceSubmitted')[0]!.data.file_name, names[0]]);
  });

  it("response lost: reconciled with GetStatus, DIAN's verdict adopted, no second SendBillSync", async () => {
    world.proxy.setFaultPlan((op, n) => (op === 'SendBillSync' && n === 1 ? 'response-lost' : undefined));
    const invoice = await world.issue();
    await start();
    const events = await world.waitFor(invoice.invoiceId, hasVerdict);
    expect(typesOf(events).slice(2)).toEqual(['InvoiceSubmissionFailed', 'InvoiceSubmitted', 'InvoiceAccepted']);
    expect(find(events, 'InvoiceSubmissionFailed')[0]!.data).toMatchObject({
      reason: 'CONNECTION_RESET',
      outcome_unknown: true,
    });
    expect(operations()).toEqual(['SendBillSync', 'GetStatus']);
    const [accepted] = find(events, 'InvoiceAccepted');
    expect(await world.blobs.exists(accepted!.data.application_response_key!)).toBe(true);
  });

  it('rule 90 on a send (DIAN already had the document): reconciled with GetStatus, accepted, not rejected', async () => {
    const invoice = await world.issue();
    const xml = Buffer.from((await world.blobs.get(invoice.xmlKey)).bytes).toString('utf8');
    const direct = createDianSoapClient({
      endpoint: world.simulator.endpoint,
      credential: { privateKey: world.credential.privateKey, certificateDer: world.credential.chain[0].der },
    });
    expect((await direct.sendBillSync(packageForTest(xml, new Date()).zip)).statusCode).toBe('00');
    await start();
    const events = await world.waitFor(invoice.invoiceId, hasVerdict);
    expect(typesOf(events).slice(2)).toEqual(['InvoiceSubmitted', 'InvoiceAccepted']);
    expect(operations()).toEqual(['SendBillSync', 'GetStatus']);
  });

  it('an untrusted certificate (SOAP Client fault): one final failure, no retry, the invoice stays pending', async () => {
    world.proxy.setFaultPlan(() => 'untrusted-cert');
    const invoice = await world.issue();
    await start();
    const events = await world.waitFor(invoice.invoiceId, (e) => e.some((x) => x.type === 'InvoiceSubmissionFailed'));
    expect(find(events, 'InvoiceSubmissionFailed')[0]!.data).toMatchObject({
      attempt: 1,
      reason: 'SOAP_FAULT_CLIENT',
      retriable: false,
      outcome_unknown: false,
    });
    expect(find(events, 'InvoiceSubmissionFailed')[0]!.data).not.toHaveProperty('next_attempt_at');
    await decided(invoice.invoiceId, 'gave-up'); // the Failed reaction saw it and did nothing
    expect(typesOf(await world.events(invoice.invoiceId)).slice(2)).toEqual(['InvoiceSubmissionFailed']);
    expect(operations()).toEqual(['SendBillSync']);
  });

  it("DIAN's answer signed by a certificate outside the anchor: no verdict recorded, a retriable APPLICATION_RESPONSE_UNTRUSTED; with the right anchor, reconciled and accepted, never sent twice", async () => {
    const invoice = await world.issue();
    const elsewhere = ephemeralIdentity(new Date()).certificatePem;
    await start({}, { trustedDianPem: elsewhere });
    const events = await world.waitFor(invoice.invoiceId, (e) => e.some((x) => x.type === 'InvoiceSubmissionFailed'));
    expect(find(events, 'InvoiceSubmissionFailed')[0]!.data).toMatchObject({
      attempt: 1,
      reason: 'APPLICATION_RESPONSE_UNTRUSTED',
      retriable: true,
      outcome_unknown: true,
    });
    expect(find(events, 'InvoiceSubmissionFailed')[0]!.data.message).toContain(
      'chain: not issued by a trusted certificate',
    );
    await service!.stop();
    expect(hasVerdict(await world.events(invoice.invoiceId))).toBe(false);
    const sends = operations().filter((o) => o === 'SendBillSync').length;
    await start({}, { trustedDianPem: world.simulatorCertificatePem });
    const settled = await world.waitFor(invoice.invoiceId, hasVerdict);
    expect(typesOf(settled).at(-1)).toBe('InvoiceAccepted');
    expect(
      find(settled, 'InvoiceSubmissionFailed').every((f) => f.data.reason === 'APPLICATION_RESPONSE_UNTRUSTED'),
    ).toBe(true);
    // DIAN has the document since the first send: every later attempt asked GetStatus.
    expect(sends).toBe(1);
    expect(operations()).not.toContain('SendBillSync');
  });

  it('a DIAN anchor without a readable certificate stops the start (DIAN_ANCHOR_INVALID); none at all is said at start', async () => {
    await expect(world.service({}, { trustedDianPem: 'not a certificate' }).start()).rejects.toMatchObject({
      code: 'DIAN_ANCHOR_INVALID',
    });
    const invoice = await world.issue();
    await start();
    expect(
      world.logger.entries.some((e) => e.message.startsWith('no DIAN certificate configured (DIAN_TRUSTED_PEM)')),
    ).toBe(true);
    await world.waitFor(invoice.invoiceId, hasVerdict); // answers are then recorded unchecked
  });

  it("pointed at a DIAN off this machine without an anchor, the start fails (DIAN_ANCHOR_REQUIRED): DIAN's answers are never recorded unchecked", async () => {
    const dian = { habilitacion: dianEndpoints.habilitacion, production: dianEndpoints.production };
    await expect(world.service({ endpoints: dian }).start()).rejects.toMatchObject({
      code: 'DIAN_ANCHOR_REQUIRED',
      field: 'DIAN_TRUSTED_PEM',
      message: expect.stringContaining(dianEndpoints.production),
    });
    const oneRemote = { habilitacion: world.proxy.endpoint, production: dianEndpoints.production };
    await expect(world.service({ endpoints: oneRemote }).start()).rejects.toMatchObject({
      code: 'DIAN_ANCHOR_REQUIRED',
    });
  });

  it("a tenant's habilitación test-set run: SendTestSetAsync with its TestSetId, the verdict from GetStatusZip", async () => {
    const invoice = await world.issue();
    seen = world.proxy.requests.length;
    service = world.service({}, { testSetFor: (tenantId) => (tenantId === 'demo' ? demoTestSetId : undefined) });
    await service.start();
    const events = await world.waitFor(invoice.invoiceId, hasVerdict);
    expect(typesOf(events).slice(2)).toEqual(['InvoiceSubmitted', 'InvoiceAccepted']);
    expect(find(events, 'InvoiceSubmitted')[0]!.data).toMatchObject({
      operation: 'SendTestSetAsync',
      track_id: invoice.cufe,
    });
    expect(find(events, 'InvoiceAccepted')[0]!.data).toMatchObject({ track_id: invoice.cufe, status_code: '00' });
    expect(operations()).toEqual(['SendTestSetAsync', 'GetStatusZip']);
  });

  it("a service started and stopped at once leaves nothing behind: the next one's test-set document goes with SendTestSetAsync", async () => {
    const early = world.service();
    await early.start();
    await early.stop(); // before its bus membership began
    const invoice = await world.issue();
    seen = world.proxy.requests.length;
    service = world.service({}, { testSetFor: () => demoTestSetId });
    await service.start();
    const events = await world.waitFor(invoice.invoiceId, hasVerdict);
    expect(find(events, 'InvoiceSubmitted')[0]!.data).toMatchObject({ operation: 'SendTestSetAsync' });
    expect(operations()).toEqual(['SendTestSetAsync', 'GetStatusZip']);
  });

  it("only the documents the lookup names go with SendTestSetAsync: it is asked with each document's Idempotency-Key", async () => {
    const asked: (string | undefined)[] = [];
    const ofTheRun = await world.issue({ idempotencyKey: 'fe-test-set:r1:0' });
    const other = await world.issue({ idempotencyKey: 'my-own-key', apartFrom: ofTheRun.invoiceId });
    seen = world.proxy.requests.length;
    service = world.service(
      {},
      {
        testSetFor: async (_tenantId, { idempotencyKey }) => {
          asked.push(idempotencyKey);
          return idempotencyKey === 'fe-test-set:r1:0' ? demoTestSetId : undefined;
        },
      },
    );
    await service.start();
    const runEvents = await world.waitFor(ofTheRun.invoiceId, hasVerdict);
    const otherEvents = await world.waitFor(other.invoiceId, hasVerdict);
    expect(find(runEvents, 'InvoiceSubmitted')[0]!.data).toMatchObject({ operation: 'SendTestSetAsync' });
    expect(find(otherEvents, 'InvoiceSubmitted')[0]!.data).not.toHaveProperty('operation', 'SendTestSetAsync');
    expect(asked.sort()).toEqual(['fe-test-set:r1:0', 'my-own-key']);
  });

  it('a test-set run with a TestSetId DIAN refuses (not a GUID): one final TEST_SET_REFUSED, no SendBillSync', async () => {
    const invoice = await world.issue();
    seen = world.proxy.requests.length;
    service = world.service({}, { testSetFor: () => 'set-de-pruebas' });
    await service.start();
    const events = await world.waitFor(invoice.invoiceId, (e) => e.some((x) => x.type === 'InvoiceSubmissionFailed'));
    expect(find(events, 'InvoiceSubmissionFailed')[0]!.data).toMatchObject({
      attempt: 1,
      reason: 'TEST_SET_REFUSED',
      retriable: false,
    });
    expect(operations()).toEqual(['SendTestSetAsync']);
  });

  it('bounded attempts: after maxAttempts the last failure is final, the invoice stays pending', async () => {
    world.proxy.setFaultPlan(() => 'http503');
    const invoice = await world.issue();
    await start({ retry: { maxAttempts: 3 } });
    const events = await world.waitFor(invoice.invoiceId, (e) =>
      find(e, 'InvoiceSubmissionFailed').some((f) => !f.data.retriable),
    );
    expect(
      find(events, 'InvoiceSubmissionFailed').map((f) => [f.data.attempt, f.data.retriable, f.data.reason]),
    ).toEqual([
      [1, true, 'HTTP_503'],
      [2, true, 'HTTP_503'],
      [3, false, 'HTTP_503'],
    ]);
    await decided(invoice.invoiceId, 'gave-up');
    expect(operations()).toEqual(['SendBillSync', 'SendBillSync', 'SendBillSync']);
    expect(hasVerdict(await world.events(invoice.invoiceId))).toBe(false);
  });

  it('a tenant without a certificate: a final failure, DIAN is not called', async () => {
    world.tenants.set('nocert', { profile: demoProfile('nocert') });
    const invoice = await world.issue({ tenantId: 'nocert' });
    await start();
    const events = await world.waitFor(invoice.invoiceId, (e) => e.some((x) => x.type === 'InvoiceSubmissionFailed'));
    expect(find(events, 'InvoiceSubmissionFailed')[0]!.data).toMatchObject({
      reason: 'CREDENTIAL_MISSING',
      retriable: false,
    });
    expect(operations()).toEqual([]);
  });

  it('per-tenant cap: never more than 2 calls per tenant at once, tenants independent', async () => {
    // Tenant "b" is in production, so its calls go to the production endpoint and the proxy tells them apart.
    world.tenants.set('b', { profile: demoProfile('b', '1'), credential: world.credential });
    world.proxy.setFaultPlan(() => 'latency=250');
    const invoices = await Promise.all([
      ...Array.from({ length: 6 }, () => world.issue()),
      ...Array.from({ length: 6 }, () => world.issue({ tenantId: 'b' })),
    ]);
    await start({
      concurrencyPerTenant: 2,
      endpoints: { habilitacion: world.proxy.endpoint, production: `${world.proxy.endpoint}?tenant=b` },
    });
    for (const invoice of invoices)
      expect(typesOf(await world.waitFor(invoice.invoiceId, hasVerdict, 20_000)).at(-1)).toBe('InvoiceAccepted');
    const demo = calls().filter((r) => !r.url.includes('tenant=b'));
    const b = calls().filter((r) => r.url.includes('tenant=b'));
    expect([demo.length, b.length]).toEqual([6, 6]);
    expect(maxOverlap(demo)).toBe(2);
    expect(maxOverlap(b)).toBe(2);
    expect(maxOverlap(calls())).toBeGreaterThan(2); // one tenant at its cap does not hold the other back
  }, 30_000);

  it('per-tenant cap: a slot is free once DIAN has answered, not only once the outcome is written', async () => {
    // On two partitions: the bus hands one partition's messages over in order, so on the same one
    // the second invoice would wait for the first's handler whatever the cap does.
    const first = await world.issue();
    const invoices = [first, await world.issue({ apartFrom: first.invoiceId })];
    // Writing an outcome takes 400 ms: the second call must not wait for the first invoice's.
    const append = world.store.append.bind(world.store);
    const recordedAt: number[] = [];
    world.store.append = async (stream, events, expected) => {
      if (!events.some((e) => e.type === 'InvoiceSubmitted')) return append(stream, events, expected);
      await new Promise((resolve) => setTimeout(resolve, 400));
      const result = await append(stream, events, expected);
      recordedAt.push(Date.now());
      return result;
    };
    try {
      await start({ concurrencyPerTenant: 1 });
      for (const invoice of invoices)
        expect(typesOf(await world.waitFor(invoice.invoiceId, hasVerdict, 10_000)).at(-1)).toBe('InvoiceAccepted');
    } finally {
      world.store.append = append;
    }
    const sends = calls().filter((r) => r.operation === 'SendBillSync');
    expect(sends).toHaveLength(2);
    expect(maxOverlap(sends)).toBe(1); // the cap still holds
    expect(sends[1]!.startedAt).toBeLessThan(Math.min(...recordedAt));
  });

  it('the retry schedule survives a restart: a new service on the same schedule and store finishes the work', async () => {
    world.proxy.setFaultPlan((op, n) => (op === 'SendBillSync' && n === 1 ? 'http503' : undefined));
    const invoice = await world.issue();
    const slow = { retry: { baseDelayMs: 800, maxDelayMs: 800 } };
    const first = await start(slow);
    await world.waitFor(invoice.invoiceId, (e) => e.some((x) => x.type === 'InvoiceSubmissionFailed'));
    await first.stop();
    service = undefined;
    const schedule = new SqliteSubmissionSchedule(world.scheduleDbPath);
    expect(await schedule.get(invoice.invoiceId)).toMatchObject({ tenantId: 'demo', sendingAttempt: undefined });
    await schedule.close();
    expect(hasVerdict(await world.events(invoice.invoiceId))).toBe(false);

    service = world.service(slow); // the bus has nothing left to deliver: only the schedule knows
    await service.start();
    const events = await world.waitFor(invoice.invoiceId, hasVerdict);
    expect(typesOf(events).slice(2)).toEqual(['InvoiceSubmissionFailed', 'InvoiceSubmitted', 'InvoiceAccepted']);
    expect(find(events, 'InvoiceSubmitted')[0]!.data.attempt).toBe(2);
    const due = Date.parse(find(events, 'InvoiceSubmissionFailed')[0]!.data.next_attempt_at!);
    expect(Date.parse(find(events, 'InvoiceSubmitted')[0]!.occurred_at)).toBeGreaterThanOrEqual(due);
    expect(operations()).toEqual(['SendBillSync', 'SendBillSync']);
    // The new service sends under the name the first one took: the counter keeps it per document.
    const names = calls().map((r) => r.fileName);
    expect(names).toEqual([find(events, 'InvoiceSubmitted')[0]!.data.file_name, names[0]]);
    expect(names[0]).toMatch(/^z0900123456000\d\d[0-9A-F]{8}\.zip$/);
  }, 20_000);

  it('a schedule row lost in a crash is re-created when the InvoiceSubmissionFailed is redelivered', async () => {
    world.proxy.setFaultPlan((op, n) => (op === 'SendBillSync' && n === 1 ? 'http503' : undefined));
    const invoice = await world.issue();
    const first = await start({ retry: { baseDelayMs: 1_000 } });
    const failedEvents = await world.waitFor(invoice.invoiceId, (e) =>
      e.some((x) => x.type === 'InvoiceSubmissionFailed'),
    );
    await first.stop();
    service = undefined;
    const schedule = new SqliteSubmissionSchedule(world.scheduleDbPath);
    await schedule.remove(invoice.invoiceId); // as if the process died between the append and the schedule write
    await schedule.close();

    service = world.service({ retry: { baseDelayMs: 1_000 } });
    await service.start();
    await world.republish(find(failedEvents, 'InvoiceSubmissionFailed')[0]!);
    const events = await world.waitFor(invoice.invoiceId, hasVerdict);
    expect(typesOf(events).slice(2)).toEqual(['InvoiceSubmissionFailed', 'InvoiceSubmitted', 'InvoiceAccepted']);
    expect(operations()).toEqual(['SendBillSync', 'SendBillSync']);
    // The new service sends under the name the first one took: the counter keeps it per document.
    const names = calls().map((r) => r.fileName);
    expect(names).toEqual([find(events, 'InvoiceSubmitted')[0]!.data.file_name, names[0]]);
    expect(names[0]).toMatch(/^z0900123456000\d\d[0-9A-F]{8}\.zip$/);
  }, 20_000);
});

/** The most requests that were open at the same instant. */
function maxOverlap(requests: ProxiedRequest[]): number {
  const edges = requests.flatMap(
    (r) =>
      [
        [r.startedAt, 1],
        [r.endedAt ?? Number.MAX_SAFE_INTEGER, -1],
      ] as const,
  );
  edges.sort((a, b) => a[0] - b[0] || a[1] - b[1]); // an end before a start at the same millisecond
  let open = 0;
  let max = 0;
  for (const [, step] of edges) max = Math.max(max, (open += step));
  return max;
}
