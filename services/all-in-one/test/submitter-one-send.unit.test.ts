// Two submitter instances on one schedule, against the real DIAN simulator: a run stalled past its claim (a starved
// or stopped process) must not send once another instance has taken the invoice over.
import type { ServiceModule } from '@fe/platform';
import type { TenantDirectory } from '@fe/tenancy';
import { SqliteSubmissionSchedule } from '@fe/submitter';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { startSubmitterWorld, typesOf, type SubmitterWorld } from '../test-support/submitter/submitter-world.ts';

let world: SubmitterWorld;
const services: ServiceModule[] = [];
beforeAll(async () => {
  world = await startSubmitterWorld();
}, 60_000);
afterAll(() => world?.close());
afterEach(async () => {
  for (const service of services.splice(0)) await service.stop();
  world.proxy.setFaultPlan(undefined);
});

/** The world's tenants, whose `nth` credential lookup (counted across instances) answers only after `ms`. */
function stallingLookup(nth: number, ms: number): { tenants: TenantDirectory; stallOver: Promise<void> } {
  let lookups = 0;
  let over!: () => void;
  const stallOver = new Promise<void>((resolve) => (over = resolve));
  const tenants: TenantDirectory = {
    ...world.tenants,
    async credential(tenantId, at) {
      if (++lookups === nth) await new Promise((resolve) => setTimeout(resolve, ms)).then(over);
      return world.tenants.credential(tenantId, at);
    },
  };
  return { tenants, stallOver };
}

it('a run stalled past its claim sends nothing once the other instance has taken the invoice: DIAN gets it once', async () => {
  // client timeout 300 ms: a claim lasts 5.3 s; the stalled run wakes after 6.5 s
  const config = { client: { timeoutMs: 300 }, retry: { baseDelayMs: 50 } };
  const { tenants, stallOver } = stallingLookup(2, 6_500);
  world.proxy.setFaultPlan((op, n) => (op === 'SendBillSync' && n === 1 ? 'http503' : undefined));
  const seen = world.proxy.requests.length;
  const first = world.service(config, { tenants });
  services.push(first);
  await first.start();
  const invoice = await world.issue();
  await world.waitFor(invoice.invoiceId, (e) => e.some((x) => x.type === 'InvoiceSubmissionFailed'));
  const second = world.service(config, { tenants });
  services.push(second);
  await second.start();

  // Attempt 2's run (whichever instance holds it) stalls before its send; the other takes it over after the claim.
  const events = await world.waitFor(invoice.invoiceId, (e) => e.some((x) => x.type === 'InvoiceAccepted'), 15_000);
  await stallOver;
  await new Promise((resolve) => setTimeout(resolve, 1_500)); // what the stalled run does when it wakes
  const sends = world.proxy.requests.slice(seen).filter((r) => r.operation === 'SendBillSync');
  expect(sends.map((r) => r.fault ?? 'sent')).toEqual(['http503', 'sent']);
  expect(world.simulator.store.timesReceived(invoice.cufe)).toBe(1);
  expect(typesOf(await world.events(invoice.invoiceId)).slice(2)).toEqual([
    'InvoiceSubmissionFailed',
    'InvoiceSubmitted',
    'InvoiceAccepted',
  ]);
  expect(typesOf(events)).toContain('InvoiceAccepted');
  expect(
    world.logger.entries.filter(
      (e) =>
        e.message === 'another run took the invoice before this one sent; nothing sent' &&
        e.fields.invoice_id === invoice.invoiceId,
    ),
  ).toHaveLength(1);
}, 30_000);

it("a reaction leaves an invoice another instance's run holds to that run; once the claim ends, one send", async () => {
  const invoice = await world.issue(); // InvoiceSigned waits on the bus: no submitter is running yet
  const other = new SqliteSubmissionSchedule(world.scheduleDbPath); // another instance's sweeper takes the row
  const now = new Date();
  await other.schedule(invoice.invoiceId, 'demo', now);
  const claimEnds = new Date(now.getTime() + 2_000);
  expect(await other.due(now, 10, { owner: 'another-instance', until: claimEnds })).toHaveLength(1);
  await other.close();
  const seen = world.proxy.requests.length;
  const service = world.service();
  services.push(service);
  await service.start();
  const sends = () => world.proxy.requests.slice(seen).filter((r) => r.operation === 'SendBillSync').length;
  await new Promise((resolve) => setTimeout(resolve, claimEnds.getTime() - Date.now() - 300));
  expect(sends()).toBe(0); // the reaction ran (InvoiceSigned delivered) and left the invoice to the holder
  expect(
    world.logger.entries.some(
      (e) =>
        e.message === 'another run holds the invoice; it records the outcome' &&
        e.fields.invoice_id === invoice.invoiceId,
    ),
  ).toBe(true);
  await world.waitFor(invoice.invoiceId, (e) => e.some((x) => x.type === 'InvoiceAccepted'));
  expect(sends()).toBe(1);
  expect(world.simulator.store.timesReceived(invoice.cufe)).toBe(1);
}, 20_000);
