// The submitter sending a buyer's RADIAN event on a received invoice to a real DIAN simulator (in process, on
// loopback; docs/radian.md, "The buyer's side"), where DIAN refuses it: the demo tenant answers its own invoice, which
// names another buyer, so the simulator answers SIM-EV05. Every exit is checked: the stream's events, DIAN's calls, the
// stored signed event and the logs (docs/architecture.md, convention 8); DIAN unreachable first, the bus delivers the
// request again.
import { randomUUID } from 'node:crypto';
import { receivedInvoiceStream, type InvoiceEvent } from '@fe/contracts';
import { readEventApplicationResponse } from '@fe/dian-xml';
import { colombiaDateTime, demoTenant } from '@fe/dian-domain';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { startSubmitterWorld, type SubmitterWorld } from '../test-support/submitter/submitter-world.ts';

let world: SubmitterWorld;
beforeEach(async () => {
  world = await startSubmitterWorld();
});
afterEach(() => world.close());

const meta = (stream: string) => ({
  id: randomUUID(),
  version: 1 as const,
  occurred_at: new Date().toISOString(),
  tenant_id: 'demo',
  invoice_id: stream,
  correlation_id: 'req-1',
  causation_id: 'req-1',
});

it("DIAN refuses the buyer's event: the refusal is recorded with its rules, after a first send DIAN never answered", async () => {
  await world.service({}, { trustedDianPem: world.simulatorCertificatePem }).start();
  const invoice = await world.issue();
  await world.waitFor(invoice.invoiceId, (events) => events.some((e) => e.type === 'InvoiceAccepted'));
  const stream = receivedInvoiceStream('demo', invoice.cufe);
  const imported = {
    ...meta(stream),
    type: 'ReceivedInvoiceImported' as const,
    data: {
      cufe: invoice.cufe,
      number: invoice.documentId,
      supplier: {
        nit: demoTenant.nit,
        dv: demoTenant.dv,
        document_type: '31',
        person_type: '1' as const,
        name: demoTenant.legalName,
      },
      source: 'upload' as const,
      document_key: `demo/received/${invoice.cufe}.x.xml`,
      document_sha256: 'a'.repeat(64),
      checks: [],
      checks_passed: true,
    },
  };
  const requested = {
    ...meta(stream),
    type: 'ReceivedInvoiceEventRequested' as const,
    data: {
      code: '030' as const,
      event_id: `R${invoice.cufe.slice(0, 24).toUpperCase()}`,
      person: { id: '1020304050', document_type: '13', first_name: 'Ana', family_name: 'Pérez' },
      requested_from: 'api' as const,
    },
  };
  world.proxy.setFaultPlan((operation, nth) =>
    operation === 'SendEventUpdateStatus' && nth === 1 ? 'http503' : undefined,
  );
  await world.store.append(stream, [imported, requested], 'no_stream');
  await world.republish(requested as InvoiceEvent);

  const events = await world.waitFor(stream, (all) => all.some((e) => e.type === 'ReceivedInvoiceEventRefused'));
  const refused = events.find((e) => e.type === 'ReceivedInvoiceEventRefused')!;
  expect(refused.data).toMatchObject({ code: '030', event_id: requested.data.event_id, status_code: '99' });
  expect((refused.data as { rules: { rule: string }[] }).rules.map((r) => r.rule)).toContain('SIM-EV05');
  expect(events.map((e) => e.type)).toEqual([
    'ReceivedInvoiceImported',
    'ReceivedInvoiceEventRequested',
    'ReceivedInvoiceEventRefused',
  ]);
  expect(world.proxy.operations().filter((o) => o === 'SendEventUpdateStatus')).toHaveLength(2);
  // Signed with the tenant's certificate, at the request's instant: both sends carried the same document.
  const signed = Buffer.from((await world.blobs.get(`demo/received/${invoice.cufe}.030.xml`)).bytes).toString('utf8');
  const read = readEventApplicationResponse(signed);
  expect(read).toMatchObject({
    eventCode: '030',
    id: requested.data.event_id,
    issueDate: colombiaDateTime(new Date(requested.occurred_at)).date,
  });
  expect(read.cude).toBe((refused.data as { cude?: string }).cude);
  expect(read.person).toMatchObject({ id: '1020304050', firstName: 'Ana' });
  expect(
    world.logger.entries.some(
      (e) => e.message === "the buyer's RADIAN event was sent" && e.fields.outcome === 'refused',
    ),
  ).toBe(true);

  // A redelivery after the answer was recorded sends nothing.
  await world.republish(requested as InvoiceEvent);
  await new Promise((resolve) => setTimeout(resolve, 300));
  expect(world.proxy.operations().filter((o) => o === 'SendEventUpdateStatus')).toHaveLength(2);
  expect(await world.events(stream)).toHaveLength(3);
});
