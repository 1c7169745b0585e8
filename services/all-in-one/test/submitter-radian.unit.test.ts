// The submitter following an accepted invoice's RADIAN events at a real DIAN simulator (in process, on loopback):
// the simulator plays the buyer (030, 032, 033), "today" moves across a Colombian holiday, and the seller's tacit
// acceptance (034) goes on its own ('automatic') or only when asked ('offer'). Every exit is checked: the stream's
// events, DIAN's calls, the stored 034 and the logs (docs/architecture.md, convention 8).
import { createHash } from 'node:crypto';
import { demoTenant } from '@fe/dian-domain';
import { readEventApplicationResponse } from '@fe/dian-xml';
import type { InvoiceEvent } from '@fe/contracts';
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
const fast = { radian: { sweepIntervalMs: 20, maxCheckIntervalMs: 40 } };

async function acceptedInvoice() {
  const invoice = await world.issue();
  await world.waitFor(invoice.invoiceId, (events) => events.some((e) => e.type === 'InvoiceAccepted'));
  return invoice;
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

  it("'offer': nothing on its own; a request too early, then after an express acceptance, is refused with why; on another invoice it issues", async () => {
    let today = days.receipt;
    const submitter = world.service(fast, { radianToday: () => today, trustedDianPem: world.simulatorCertificatePem });
    await submitter.start();
    const invoice = await acceptedInvoice();
    await buyerReceivesGoods(invoice.cufe);
    await world.waitFor(invoice.invoiceId, (events) => radian(events).length === 2);
    expect(await submitter.requestTacitAcceptance(invoice.invoiceId, 'demo')).toEqual({
      kind: 'refused',
      refusal: { code: 'TOO_EARLY', availableFrom: days.tacitFrom },
    });
    expect(await world.simulator.playBuyer(invoice.cufe, { eventCode: '033' })).toMatchObject({ ok: true });
    today = days.tacitFrom;
    world.simulator.setToday(days.tacitFrom);
    expect(await submitter.requestTacitAcceptance(invoice.invoiceId, 'demo')).toEqual({
      kind: 'refused',
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
    const both = await Promise.all([
      submitter.requestTacitAcceptance(second.invoiceId, 'demo'),
      submitter.requestTacitAcceptance(second.invoiceId, 'demo'),
    ]);
    expect(both.map((outcome) => outcome.kind).sort()).toEqual(['already', 'issued']);
    const issued = both.find((outcome) => outcome.kind === 'issued')!;
    expect(issued).toMatchObject({ registration: { code: '034', issued_by_us: true } });
    expect(await submitter.requestTacitAcceptance(second.invoiceId, 'demo')).toMatchObject({
      kind: 'already',
      registration: { code: '034' },
    });
    expect(radian(await world.events(second.invoiceId)).map((e) => e.code)).toEqual(['030', '032', '034']);
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
    expect(await submitter.requestTacitAcceptance(invoice.invoiceId, 'demo')).toEqual({
      kind: 'unavailable',
      reason: 'HTTP_503',
    });
    world.proxy.setFaultPlan(undefined);
    expect(await world.simulator.playBuyer(invoice.cufe, { eventCode: '031', claimReason: '03' })).toMatchObject({
      ok: true,
    });
    const claimed = await world.waitFor(invoice.invoiceId, (all) => radian(all).length === 3, 5_000);
    expect(radian(claimed)[2]).toMatchObject({ code: '031', claim: { reason: '03' } });
  });
});
