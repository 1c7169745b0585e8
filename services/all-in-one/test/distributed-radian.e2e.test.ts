/* eslint-disable @typescript-eslint/no-explicit-any -- JSON answers are checked field by field */
// RADIAN across processes (docs/radian.md): the simulator, a process of its own, plays the buyer's 030 and 032 of an
// issued invoice; its "today" moves three Colombian business days across a holiday; the submitter process issues the
// seller's 034 on its own; then the seller, through an ingress process, registers the invoice as a título valor (036)
// and endorses it (037), each request carried to the submitter as an event. The service's clock is real and already
// past the window: the simulator's today is what the 034 waits for. Each signed event passes the XSD and xmlsec1.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { readEventApplicationResponse } from '@fe/dian-xml';
import { applicationResponseXsd, xmllintXsd, xmlsec1Verify } from '@fe/xades/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { receiptAcrossHoliday } from '../test-support/radian-days.ts';
import { startDistributedShape, type DistributedShape } from '../test-support/shapes/distributed-shape.ts';
import { exampleRequest, pollStatus } from '../test-support/world.ts';

let shape: DistributedShape;
beforeAll(async () => {
  shape = await startDistributedShape({
    env: { RADIAN_CHECK_MAX_INTERVAL_MS: '300', RADIAN_SWEEP_INTERVAL_MS: '100' },
  });
}, 300_000);
afterAll(async () => {
  await shape?.close();
});

const days = receiptAcrossHoliday();

const post = (cufe: string, path: string, body?: unknown) =>
  fetch(`${shape.url}/api/v1/service/invoice/${cufe}/${path}`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${shape.apiKey}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  }).then(async (response) => ({ status: response.status, body: (await response.json()) as any }));

/**
 * The signed event as the submitter stored it in the run's bucket: DIAN's ApplicationResponse XSD (xmllint) takes it
 * and xmlsec1 verifies it against the tenant's CA; the history names it and DIAN's answer with their digests.
 */
async function expectValidEvent(cufe: string, code: string, number: string): Promise<void> {
  const key = `demo/${number}.${code}.xml`;
  const file = join(shape.scratchDir, key.replaceAll('/', '_'));
  writeFileSync(file, await shape.storedFile!(key));
  const checked = xmllintXsd(file, applicationResponseXsd);
  expect(checked.ok, checked.output).toBe(true);
  const caFile = join(shape.scratchDir, 'radian-demo-ca.pem');
  writeFileSync(caFile, (await shape.trustedCaPems('demo'))[0]!);
  const signature = xmlsec1Verify(file, caFile);
  expect(signature.ok, signature.output).toBe(true);
  const history = await shape.get(`/api/v1/service/invoices/${cufe}/events`);
  const registered = history.body.events.find(
    (e: any) => e.type === 'InvoiceRadianEventRegistered' && e.data.code === code,
  );
  expect(registered.files.map((f: any) => [f.role, f.key])).toEqual(
    expect.arrayContaining([
      ['event', key],
      ['application_response', `demo/${number}.${code}.application-response.xml`],
    ]),
  );
}

describe('RADIAN on the distributed shape', () => {
  it('the buyer receives the goods; three business days later (a holiday between) the 034 goes on its own; the invoice is registered as a título valor and endorsed', async () => {
    await shape.setTacitAcceptance('demo', 'automatic');
    // Sold on credit: only an invoice with a due date may become a título valor.
    const created = await shape.post({ ...exampleRequest, payment: { method_code: '31', due_date: '2030-12-31' } });
    expect(created.status, created.text).toBe(201);
    const { cufe, number } = created.body;
    await shape.dian.setToday(days.receipt);
    for (const eventCode of ['030', '032'])
      expect(await shape.dian.playBuyer(cufe, { eventCode }), eventCode).toMatchObject({ ok: true, statusCode: '00' });
    await shape.dian.setToday(days.tacitFrom);
    const accepted = await pollStatus(shape, cufe, (body) => body.buyer_answer === 'tacitly_accepted', 60_000);
    expect(accepted.radian_events.map((e: any) => [e.code, e.issued_by_us])).toEqual([
      ['030', false],
      ['032', false],
      ['034', true],
    ]);
    await expectValidEvent(cufe, '034', number);

    const endorsee = { name: 'Factor Capital S.A.S.', document_type: '31', id: '901234567', dv: 7, person_type: '1' };
    const early = await post(cufe, 'endorsement', { endorsee, discount_rate: 4 });
    expect(early.status).toBe(409);
    expect(early.body.error.code).toBe('TITLE_VALUE_NOT_REGISTERED');
    const title = await post(cufe, 'title-value', {});
    expect(title.status, JSON.stringify(title.body)).toBe(201);
    expect(title.body.event).toMatchObject({ code: '036', event_id: `TV${number}`, issued_by_us: true });
    expect((await post(cufe, 'title-value', {})).status).toBe(200);
    const endorsed = await post(cufe, 'endorsement', { endorsee, operation_type: '372', discount_rate: 4 });
    expect(endorsed.status, JSON.stringify(endorsed.body)).toBe(201);
    expect(endorsed.body.event).toMatchObject({ code: '037', event_id: `END${number}`, issued_by_us: true });
    const status = await pollStatus(shape, cufe, (body) => body.radian_events?.length === 5);
    expect(status.radian_events.map((e: any) => e.code)).toEqual(['030', '032', '034', '036', '037']);
    await expectValidEvent(cufe, '036', number);
    await expectValidEvent(cufe, '037', number);
    const endorsement = readEventApplicationResponse(
      Buffer.from(await shape.storedFile!(`demo/${number}.037.xml`)).toString('utf8'),
    );
    expect(endorsement).toMatchObject({ endorsementKind: '1', invoice: { dueDate: '2030-12-31' } });
    expect(endorsement.titleValueGroups[0]!.pairs.map(([name]) => name)).toEqual([
      'ValorTotalEndoso',
      'PrecioPagarseFEV',
      'TasaDescuento',
      'MedioPago',
    ]);
  });
});
