/* eslint-disable @typescript-eslint/no-explicit-any -- JSON answers are checked field by field */
// The buyer's side on the distributed shape (docs/radian.md, "The buyer's side"): every service its own process on
// PostgreSQL, Kafka and S3, mail through GreenMail. The demo tenant issues an invoice to ACME; an ingress process reads
// ACME's reception mailbox, checks and lists it; ACME sends 030, 032 and 031 through the API, the submitter process
// signs and sends each, the notifier process mails each event's AttachedDocument to the supplier. Out-of-order and
// repeated events are refused; each event the supplier received passes DIAN's XSD and xmlsec1, and its CUDE is
// recomputed by the test's own formula. Then ACME's accountant does the same on the portal process over HTTP:
// uploads the supplier's zip and sends 030, 032 and 033 from the received invoice's page.
import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { demoSoftware, demoTenant } from '@fe/dian-domain';
import { readAttachedDocument } from '@fe/dian-xml';
import { requiredTestEnv } from '@fe/platform/testing';
import { applicationResponseXsd, attachedDocumentXsd, xmllintXsd, xmlsec1Verify } from '@fe/xades/testing';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { cudeFields, cudeOf, eventMails, until } from '../test-support/radian-buyer.ts';
import { signInThroughReset, supplierZip, uploadAndAccept } from '../test-support/radian-buyer-portal.ts';
import { startDistributedShape, type DistributedShape } from '../test-support/shapes/distributed-shape.ts';
import { exampleRequest } from '../test-support/world.ts';

const need = 'the mail server (bash infra/up.sh mail)';
const imapUrl = requiredTestEnv('FE_TEST_IMAP_URL', need);
const smtpUrl = requiredTestEnv('FE_TEST_MAIL_SMTP_URL', need);
const reception = `recepcion-${randomUUID().slice(0, 8)}@fe.test`;
const SUPPLIER_MAILBOX = demoTenant.email!;

let shape: DistributedShape;
beforeAll(async () => {
  shape = await startDistributedShape({
    env: {
      FE_SMTP_URL: smtpUrl,
      FE_IMAP_URL: imapUrl,
      FE_IMAP_USER: reception,
      FE_IMAP_PASSWORD: reception,
      FE_INBOX_TENANT: 'acme',
      FE_INBOX_POLL_MS: '500',
    },
  });
}, 600_000);
afterAll(async () => {
  await shape?.close();
}, 300_000);

async function api(method: string, path: string, body?: unknown) {
  const response = await fetch(`${shape.url}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${shape.extra.rejectedByDian}`, // ACME's key
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  return { status: response.status, body: (await response.json()) as any };
}

it('receives the supplier invoice by mail, sends 030, 032 and 031 in order, and the supplier receives each', async () => {
  const issued = await shape.post({ ...exampleRequest, customer: { ...exampleRequest.customer, email: reception } });
  expect(issued.status, issued.text).toBe(201);
  const cufe: string = issued.body.cufe;
  const listed = await until('the received invoice', async () => {
    const list = await api('GET', '/api/v1/service/received-invoices');
    return list.body.invoices.find((i: any) => i.cufe === cufe);
  });
  expect(listed).toMatchObject({ source: 'mail', checks_passed: true, number: issued.body.number });

  const path = `/api/v1/service/received-invoices/${cufe}/events`;
  const send = async (body: Record<string, unknown>) => {
    const asked = await api('POST', path, body);
    expect(asked.status, JSON.stringify(asked.body)).toBe(202);
    return until(`event ${String(body.code)}`, async () => {
      const view = (await api('GET', `/api/v1/service/received-invoices/${cufe}`)).body;
      const event = view.events.findLast((e: any) => e.code === body.code);
      return event && event.status !== 'requested' ? event : undefined;
    });
  };
  const person = {
    id: '1020304050',
    first_name: 'Ana',
    family_name: 'Pérez',
    job_title: 'Almacenista',
    department: 'Compras',
  };
  expect((await api('POST', path, { code: '032', person })).body.error.code).toBe('BUYER_EVENT_OUT_OF_ORDER');
  const cudes: Record<string, string> = {};
  for (const body of [
    { code: '030', person },
    { code: '032', person },
    { code: '031', claim: { reason: '03', text: 'Llegó la mitad del pedido' } },
  ]) {
    const event = await send(body);
    expect(event, JSON.stringify(event)).toMatchObject({ code: body.code, status: 'registered' });
    cudes[body.code] = event.cude;
    if (body.code === '030') expect((await api('POST', path, body)).body.error.code).toBe('BUYER_EVENT_REPEATED');
  }
  expect((await api('POST', path, { code: '033', person })).body.error.code).toBe('BUYER_EVENT_REPEATED');

  const found = await until('the three event mails', async () => {
    const byCude = await eventMails(imapUrl, SUPPLIER_MAILBOX, Object.values(cudes));
    return byCude.size === 3 ? byCude : undefined;
  });
  const caFile = join(shape.scratchDir, 'acme-ca.pem');
  writeFileSync(caFile, (await shape.trustedCaPems('acme'))[0]!);
  for (const [code, cude] of Object.entries(cudes)) {
    const attached = found.get(cude)!;
    expect(attached.subject).toBe(`Evento;${code};${issued.body.number};900108281;ACME S.A.S.`);
    const adFile = join(shape.scratchDir, `attached-${code}.xml`);
    writeFileSync(adFile, attached.xml);
    expect(xmllintXsd(adFile, attachedDocumentXsd).ok).toBe(true);
    expect(xmlsec1Verify(adFile, caFile).ok).toBe(true);
    // The signed event itself, as the supplier received it inside the container.
    const event = readAttachedDocument(attached.xml).documentXml!;
    const eventFile = join(shape.scratchDir, `event-${code}.xml`);
    writeFileSync(eventFile, event);
    const xsd = xmllintXsd(eventFile, applicationResponseXsd);
    expect(xsd.ok, xsd.output).toBe(true);
    const signature = xmlsec1Verify(eventFile, caFile);
    expect(signature.ok, signature.output).toBe(true);
    const fields = cudeFields(event);
    expect(fields).toMatchObject({ code, sender: '900108281', receiver: demoTenant.nit, uuid: cude });
    expect(cudeOf(fields, demoSoftware.pin)).toBe(cude);
  }
  const view = (await api('GET', `/api/v1/service/received-invoices/${cufe}`)).body;
  expect(view.buyer_answer).toBe('claimed');
  expect(view.events.map((e: any) => e.mailed_to)).toEqual([SUPPLIER_MAILBOX, SUPPLIER_MAILBOX, SUPPLIER_MAILBOX]);
}, 300_000);

it("ACME's accountant on the portal process uploads the supplier's zip and sends 030, 032 and 033 from its page", async () => {
  const accountant = `contabilidad-${randomUUID().slice(0, 8)}@fe.test`;
  const purchases = `compras-${randomUUID().slice(0, 8)}@fe.test`; // not the mailbox the ingress reads
  await shape.addPortalAccount(accountant, 'acme');
  const issued = await shape.post({ ...exampleRequest, customer: { ...exampleRequest.customer, email: purchases } });
  expect(issued.status, issued.text).toBe(201);
  const invoice = { cufe: issued.body.cufe as string, number: issued.body.number as string };
  const zip = await supplierZip(imapUrl, purchases, invoice.number);
  const portal = await signInThroughReset(shape.portalUrl, imapUrl, accountant);
  expect((await portal.get('/admin/received')).text).toContain('Facturas recibidas');
  await uploadAndAccept(portal, invoice, zip);

  // The ingress's API reads what the portal process recorded: one list, one stream, each event mailed.
  const view = await until('the three events mailed', async () => {
    const body = (await api('GET', `/api/v1/service/received-invoices/${invoice.cufe}`)).body;
    return body.events?.length === 3 && body.events.every((e: any) => e.mailed_to) ? body : undefined;
  });
  expect(view).toMatchObject({ source: 'upload', checks_passed: true, buyer_answer: 'accepted' });
  expect(view.events.map((e: any) => [e.code, e.status, e.mailed_to])).toEqual([
    ['030', 'registered', SUPPLIER_MAILBOX],
    ['032', 'registered', SUPPLIER_MAILBOX],
    ['033', 'registered', SUPPLIER_MAILBOX],
  ]);
  const listed = (await api('GET', '/api/v1/service/received-invoices')).body.invoices;
  expect(listed.filter((i: any) => i.cufe === invoice.cufe)).toHaveLength(1);
}, 300_000);
