// The submitter following an accepted invoice's RADIAN events at a real DIAN simulator (in process, on loopback):
// the simulator plays the buyer (030, 032, 033), "today" moves across a Colombian holiday, and the seller's tacit
// acceptance (034) goes on its own ('automatic') or only when asked ('offer'). Every exit is checked: the stream's
// events, DIAN's calls, the stored 034 and the logs (docs/architecture.md, convention 8).
import { createHash, randomUUID } from 'node:crypto';
import { demoTenant } from '@fe/dian-domain';
import { readEventApplicationResponse } from '@fe/dian-xml';
import type { InvoiceEvent, RadianEventRequest } from '@fe/contracts';
import { newInvoiceEvent, systemClock } from '@fe/platform';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { demoProfile } from '../test-support/submitter/in-memory-tenant-directory.ts';
import { startSubmitterWorld, type SubmitterWorld } from '../test-support/submitter/submitter-world.ts';
import { receiptAcrossHoliday } from '../test-support/radian-days.ts';

let world: SubmitterWorld;
beforeEach(async () => {
  world = await startSubmitterWorld();
});
afterEach(() => world.close());

const radian = (events: InvoiceEvent[]) =>
  events.flatMap((e) => (e.type === 'InvoiceRadianEventRegistered' ? [e.data] : []));
const days = receiptAcrossHoliday();
const endorsee = {
  name: 'Factor Capital S.A.S.',
  document_type: '31',
  id: '901234567',
  dv: 7,
  person_type: '1' as const,
};
const fast = { radian: { sweepIntervalMs: 20, maxCheckIntervalMs: 40 } };

/** An invoice DIAN accepted, sold on credit so that it may become a título valor (036, 037). */
async function acceptedInvoice() {
  const invoice = await world.issue({ dueDate: '2030-12-31' });
  await world.waitFor(invoice.invoiceId, (events) => events.some((e) => e.type === 'InvoiceAccepted'));
  return invoice;
}

/**
 * The seller asks for one of its RADIAN events as the API and the portal do (InvoiceRadianEventRequested on the
 * stream); the submitter's answer (InvoiceRadianEventAnswered), without request_id and answered_at.
 */
async function ask(
  invoiceId: string,
  code: '034' | '036' | '037',
  extra: Partial<Omit<RadianEventRequest, 'request_id' | 'code' | 'requested_by' | 'requested_at'>> = {},
) {
  const requestId = randomUUID();
  const meta = { tenantId: 'demo', invoiceId, correlationId: requestId, causationId: requestId };
  const data = {
    request_id: requestId,
    code,
    requested_by: 'api:demo',
    requested_at: new Date().toISOString(),
    ...extra,
  };
  await world.store.append(
    invoiceId,
    [newInvoiceEvent('InvoiceRadianEventRequested', data, meta, systemClock)],
    'stream_exists',
  );
  const answeredIn = (events: InvoiceEvent[]) =>
    events.find((e) => e.type === 'InvoiceRadianEventAnswered' && e.data.request_id === requestId);
  const answered = answeredIn(await world.waitFor(invoiceId, (events) => answeredIn(events) !== undefined, 20_000));
  if (answered?.type !== 'InvoiceRadianEventAnswered') throw new Error('unreachable');
  const { request_id: _id, answered_at: _at, ...answer } = answered.data;
  return answer;
}

async function buyerReceivesGoods(cufe: string) {
  world.simulator.setToday(days.receipt);
  for (const eventCode of ['030', '032']) {
    const played = await world.simulator.playBuyer(cufe, { eventCode });
    expect(played, eventCode).toMatchObject({ ok: true });
  }
}

describe('the submitter follows an accepted invoice at RADIAN', () => {
  it("'automatic': the buyer's events are recorded; no 034 before its day, across the holiday; on that day it is issued, signed and registered, and following ends", async () => {
    let today = days.receipt;
    world.tenants.set('demo', {
      profile: { ...demoProfile('demo'), tacitAcceptance: 'automatic' },
      credential: world.credential,
    });
    await world.service(fast, { radianToday: () => today, trustedDianPem: world.simulatorCertificatePem }).start();
    const invoice = await acceptedInvoice();
    await buyerReceivesGoods(invoice.cufe);
    const two = await world.waitFor(invoice.invoiceId, (events) => radian(events).length === 2);
    expect(radian(two).map((e) => [e.code, e.issue_date, e.issued_by_us])).toEqual([
      ['030', days.receipt, false],
      ['032', days.receipt, false],
    ]);
    // Who received: the events' own documents name the simulated buyer's receiver (GetXmlByDocumentKey).
    expect(radian(two).map((e) => e.person)).toEqual([
      { id: '1000000001', first_name: 'Recepción', family_name: 'Simulada' },
      { id: '1000000001', first_name: 'Recepción', family_name: 'Simulada' },
    ]);
    // The last day the buyer may still answer (past the holiday): checks go on, no 034.
    today = days.lastDayToAnswer;
    world.simulator.setToday(days.lastDayToAnswer);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(radian(await world.events(invoice.invoiceId))).toHaveLength(2);
    const sentBefore = world.proxy.operations().filter((o) => o === 'SendEventUpdateStatus');
    expect(sentBefore).toEqual([]);

    today = days.tacitFrom;
    world.simulator.setToday(days.tacitFrom);
    const three = await world.waitFor(invoice.invoiceId, (events) => radian(events).length === 3);
    const own = radian(three)[2]!;
    expect(own).toMatchObject({
      code: '034',
      event_id: `TAC${invoice.documentId}`,
      issued_by_us: true,
      sender: { nit: demoTenant.nit },
      application_response_key: `demo/${invoice.documentId}.034.application-response.xml`,
      event_key: `demo/${invoice.documentId}.034.xml`,
    });
    const stored = (await world.blobs.get(own.event_key!)).bytes;
    expect(createHash('sha256').update(stored).digest('hex')).toBe(own.event_sha256);
    const signed = Buffer.from(stored).toString('utf8');
    const read = readEventApplicationResponse(signed);
    expect(read).toMatchObject({ eventCode: '034', id: own.event_id, cude: own.cude });
    expect(read.notes.join(' ')).toContain('bajo la gravedad de juramento');
    expect(read.receiver.id).toBe('800197268');
    // Final: no more checks, no more calls.
    const calls = world.proxy.requests.length;
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(world.proxy.requests.length).toBe(calls);
    expect(world.proxy.operations().filter((o) => o === 'SendEventUpdateStatus')).toHaveLength(1);
    expect(
      world.logger.entries.some(
        (e) => e.message === 'tacit acceptance (034) sent' && e.fields.outcome === 'registered',
      ),
    ).toBe(true);
  });

  it("'automatic': a 034 DIAN rejects (its calendar says too early) is recorded once with DIAN's rules, not sent again, and issued when the seller asks", async () => {
    world.tenants.set('demo', {
      profile: { ...demoProfile('demo'), tacitAcceptance: 'automatic' },
      credential: world.credential,
    });
    let today = days.receipt;
    await world.service(fast, { radianToday: () => today, trustedDianPem: world.simulatorCertificatePem }).start();
    const invoice = await acceptedInvoice();
    await buyerReceivesGoods(invoice.cufe);
    await world.waitFor(invoice.invoiceId, (events) => radian(events).length === 2);
    world.simulator.setToday(days.lastDayToAnswer); // DIAN's day is behind the service's
    today = days.tacitFrom;
    const answeredIn = (events: InvoiceEvent[]) => events.filter((e) => e.type === 'InvoiceRadianEventAnswered');
    const rejectedOnce = await world.waitFor(invoice.invoiceId, (events) => answeredIn(events).length === 1);
    const request = rejectedOnce.find((e) => e.type === 'InvoiceRadianEventRequested');
    expect(request?.data).toMatchObject({ code: '034', requested_by: 'schedule' });
    expect(answeredIn(rejectedOnce)[0]!.data).toMatchObject({
      request_id: (request!.data as RadianEventRequest).request_id,
      code: '034',
      outcome: 'rejected',
      rules: [expect.objectContaining({ rule: expect.stringMatching(/^DC24/) })],
    });
    // The checks go on (40 ms apart) without sending it again.
    await new Promise((resolve) => setTimeout(resolve, 400));
    const after = await world.events(invoice.invoiceId);
    expect(answeredIn(after)).toHaveLength(1);
    expect(radian(after).map((e) => e.code)).toEqual(['030', '032']);
    expect(world.proxy.operations().filter((o) => o === 'SendEventUpdateStatus')).toHaveLength(1);

    world.simulator.setToday(days.tacitFrom);
    expect(await ask(invoice.invoiceId, '034')).toMatchObject({ code: '034', outcome: 'issued' });
    expect(radian(await world.events(invoice.invoiceId)).map((e) => e.code)).toEqual(['030', '032', '034']);
  });

  it("'offer': nothing on its own; a request too early, then after an express acceptance, is refused with why; on another invoice it issues", async () => {
    let today = days.receipt;
    const submitter = world.service(fast, { radianToday: () => today, trustedDianPem: world.simulatorCertificatePem });
    await submitter.start();
    const invoice = await acceptedInvoice();
    await buyerReceivesGoods(invoice.cufe);
    await world.waitFor(invoice.invoiceId, (events) => radian(events).length === 2);
    expect(await ask(invoice.invoiceId, '034')).toEqual({
      code: '034',
      outcome: 'refused',
      refusal: { code: 'TOO_EARLY', available_from: days.tacitFrom },
    });
    expect(await world.simulator.playBuyer(invoice.cufe, { eventCode: '033' })).toMatchObject({ ok: true });
    today = days.tacitFrom;
    world.simulator.setToday(days.tacitFrom);
    expect(await ask(invoice.invoiceId, '034')).toEqual({
      code: '034',
      outcome: 'refused',
      refusal: { code: 'BUYER_ANSWERED', event: '033' },
    });
    expect(radian(await world.events(invoice.invoiceId)).map((e) => e.code)).toEqual(['030', '032', '033']);

    const second = await acceptedInvoice();
    today = days.receipt;
    await buyerReceivesGoods(second.cufe);
    await world.waitFor(second.invoiceId, (events) => radian(events).length === 2);
    today = days.tacitFrom;
    world.simulator.setToday(days.tacitFrom);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(radian(await world.events(second.invoiceId))).toHaveLength(2); // offered, not issued
    // Two clicks at once (and the scheduled checks meanwhile): one 034, the other answer names it.
    const both = await Promise.all([ask(second.invoiceId, '034'), ask(second.invoiceId, '034')]);
    expect(both.map((answer) => answer.outcome).sort()).toEqual(['already', 'issued']);
    const own = radian(await world.events(second.invoiceId)).find((e) => e.code === '034')!;
    expect(own).toMatchObject({ issued_by_us: true });
    expect(both.map((answer) => answer.cude)).toEqual([own.cude, own.cude]);
    expect(await ask(second.invoiceId, '034')).toMatchObject({ outcome: 'already', cude: own.cude });
    expect(radian(await world.events(second.invoiceId)).map((e) => e.code)).toEqual(['030', '032', '034']);

    // The título valor: registered (036) once accepted, endorsed (037) once by its holder; DIAN's rules hold.
    expect(await ask(invoice.invoiceId, '037', { endorsee, discount_rate: '2' })).toMatchObject({
      outcome: 'refused',
      refusal: { code: 'NOT_A_TITLE' },
    });
    const title = await ask(second.invoiceId, '036');
    expect(title).toMatchObject({ code: '036', outcome: 'issued' });
    expect(await ask(second.invoiceId, '036')).toMatchObject({ outcome: 'already', cude: title.cude });
    const endorsed = await ask(second.invoiceId, '037', {
      endorsee,
      operation_type: '372',
      endorsement_kind: 'blank',
      discount_rate: '2',
    });
    expect(endorsed).toMatchObject({ code: '037', outcome: 'issued' });
    expect(await ask(second.invoiceId, '037', { endorsee })).toMatchObject({ outcome: 'already', cude: endorsed.cude });
    const events = radian(await world.events(second.invoiceId));
    expect(events.map((e) => [e.code, e.event_id, e.issued_by_us])).toEqual([
      ['030', expect.any(String), false],
      ['032', expect.any(String), false],
      ['034', `TAC${second.documentId}`, true],
      ['036', `TV${second.documentId}`, true],
      ['037', `END${second.documentId}`, true],
    ]);
    const signed037 = readEventApplicationResponse(
      Buffer.from((await world.blobs.get(events[4]!.event_key!)).bytes).toString('utf8'),
    );
    expect(signed037).toMatchObject({
      eventCode: '037',
      cude: endorsed.cude,
      endorsementKind: '2',
      receiver: { id: endorsee.id },
    });
  });

  it('DIAN unreachable during checks: the check is moved later and retried, never lost, until it records the events', async () => {
    const submitter = world.service(fast, {
      radianToday: () => days.receipt,
      trustedDianPem: world.simulatorCertificatePem,
    });
    await submitter.start();
    const invoice = await acceptedInvoice();
    world.proxy.setFaultPlan((operation, nth) => (operation === 'GetStatusEvent' && nth <= 3 ? 'http503' : undefined));
    await buyerReceivesGoods(invoice.cufe);
    const events = await world.waitFor(invoice.invoiceId, (all) => radian(all).length === 2, 20_000);
    expect(radian(events).map((e) => e.code)).toEqual(['030', '032']);
    const failed = world.proxy.requests.filter((r) => r.operation === 'GetStatusEvent' && r.fault === 'http503');
    expect(failed).toHaveLength(3);
    expect(
      world.logger.entries.filter(
        (e) => e.message === 'scheduled RADIAN event check run failed; it will be tried again',
      ),
    ).toHaveLength(3);
    // A request while DIAN does not answer: "unavailable" at once, and the row is left free for the next check.
    world.proxy.setFaultPlan((operation) => (operation === 'GetStatusEvent' ? 'http503' : undefined));
    expect(await ask(invoice.invoiceId, '034')).toEqual({ code: '034', outcome: 'unavailable', reason: 'HTTP_503' });
    world.proxy.setFaultPlan(undefined);
    expect(await world.simulator.playBuyer(invoice.cufe, { eventCode: '031', claimReason: '03' })).toMatchObject({
      ok: true,
    });
    const claimed = await world.waitFor(invoice.invoiceId, (all) => radian(all).length === 3, 5_000);
    expect(radian(claimed)[2]).toMatchObject({ code: '031', claim: { reason: '03' } });
  });
});
