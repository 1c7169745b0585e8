/* eslint-disable @typescript-eslint/no-explicit-any -- JSON answers are checked field by field */
// The buyer's side end to end on the embedded service (docs/radian.md, "The buyer's side"): the demo tenant issues an
// invoice to ACME, whose reception mailbox (GreenMail) receives it; the service reads the mailbox, checks and lists
// the invoice; ACME sends 030, 032 and 031 with a reason, each registered by the simulator, and the supplier's mailbox
// holds each event's AttachedDocument. Out-of-order and repeated events are refused with their codes; every signed
// event passes DIAN's XSD and xmlsec1, and its CUDE is recomputed here by the formula written below.
import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { demoSoftware, demoTenant } from '@fe/dian-domain';
import { SqliteAccountStore } from '@fe/portal';
import { requiredTestEnv } from '@fe/platform/testing';
import { applicationResponseXsd, attachedDocumentXsd, xmllintXsd, xmlsec1Verify } from '@fe/xades/testing';
import { readAttachedDocument, readEventApplicationResponse } from '@fe/dian-xml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorCodeOf } from '../test-support/portal-client.ts';
import { signInThroughReset, supplierZip, uploadAndAccept } from '../test-support/radian-buyer-portal.ts';
import { cudeFields, cudeOf, eventMails, until } from '../test-support/radian-buyer.ts';
import { startEmbeddedShape } from '../test-support/shapes/embedded-shape.ts';
import type { Shape } from '../test-support/shapes/shape.ts';
import { exampleRequest } from '../test-support/world.ts';

const need = 'the mail server (bash infra/up.sh mail)';
const imapUrl = requiredTestEnv('FE_TEST_IMAP_URL', need);
const smtpUrl = requiredTestEnv('FE_TEST_MAIL_SMTP_URL', need);
// GreenMail makes a user of any address it receives mail for, the address its password: a mailbox of this run's own.
const reception = `recepcion-${randomUUID().slice(0, 8)}@fe.test`;
const BUYER_NIT = '900108281'; // ACME, the extra tenant (test-support/extra-tenants.ts)
const SUPPLIER_MAILBOX = demoTenant.email!;
// ACME's accountant in the portal, and where the supplier sends ACME's second invoice (not the reception mailbox).
const ACCOUNTANT = `contabilidad-${randomUUID().slice(0, 8)}@fe.test`;
const PURCHASES = `compras-${randomUUID().slice(0, 8)}@fe.test`;

let shape: Shape;
let buyerKey: string;
beforeAll(async () => {
  shape = await startEmbeddedShape({
    env: {
      FE_SMTP_URL: smtpUrl,
      FE_INBOX_POLL_MS: '300', // ACME registers its reception mailbox through the API below
      NOTIFIER_RETRY_BACKOFF_MS: '100',
    },
    // ACME's portal account; its password is chosen through the reset link, mailed through GreenMail.
    async prepare(dir) {
      const accounts = new SqliteAccountStore(join(dir, 'portal.sqlite'));
      await accounts.createAccount(
        { id: 'acc-acme', email: ACCOUNTANT, passwordHash: '-', tenantId: 'acme' },
        new Date(),
      );
      await accounts.close();
    },
  });
  buyerKey = shape.extra.rejectedByDian; // ACME's key: its own invoices DIAN rejects, its events it registers
});
afterAll(async () => {
  await shape?.close();
});

async function api(method: string, path: string, key: string, body?: unknown, contentType = 'application/json') {
  const response = await fetch(`${shape.url}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${key}`,
      ...(body !== undefined ? { 'content-type': contentType } : {}),
    },
    ...(body !== undefined
      ? { body: body instanceof Uint8Array || typeof body === 'string' ? body : JSON.stringify(body) }
      : {}),
  });
  return { status: response.status, body: (await response.json()) as any };
}

const received = (cufe: string) => api('GET', `/api/v1/service/received-invoices/${cufe}`, buyerKey);

/** Sends one event and waits for DIAN's answer on the received invoice. */
async function sendEvent(cufe: string, body: Record<string, unknown>) {
  const asked = await api('POST', `/api/v1/service/received-invoices/${cufe}/events`, buyerKey, body);
  expect(asked.status, JSON.stringify(asked.body)).toBe(202);
  return until(`event ${String(body.code)}`, async () => {
    const view = (await received(cufe)).body;
    const event = view.events.findLast((e: any) => e.code === body.code);
    return event && event.status !== 'requested' ? event : undefined;
  });
}

describe("the buyer's side: a supplier's invoice by mail, then 030, 032 and 031", () => {
  let cufe: string;
  let number: string;
  const cudes: Record<string, string> = {};

  it('ACME registers its reception mailbox; its password is never shown, a URL carrying credentials is refused', async () => {
    const mailbox = '/api/v1/service/reception-mailbox';
    expect((await api('GET', mailbox, buyerKey)).body).toEqual({ configured: false });
    const withCredentials = await api('PUT', mailbox, buyerKey, {
      url: imapUrl.replace('imap://', `imap://${encodeURIComponent(reception)}:x@`),
      user: reception,
      password: reception,
    });
    expect(withCredentials.status).toBe(400);
    expect(withCredentials.body.error).toMatchObject({
      code: 'VALIDATION_ERROR',
      details: [{ path: 'url', message: 'MAILBOX_URL_HAS_CREDENTIALS' }],
    });
    const set = await api('PUT', mailbox, buyerKey, { url: imapUrl, user: reception, password: reception });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(set.body).toMatchObject({ configured: true, url: imapUrl, user: reception, folder: 'INBOX' });
    expect(JSON.stringify((await api('GET', mailbox, buyerKey)).body)).not.toContain('password');
  });

  it('the supplier issues an invoice to ACME; its mail reaches the reception mailbox, which the service reads, checks and lists', async () => {
    const issued = await shape.post({ ...exampleRequest, customer: { ...exampleRequest.customer, email: reception } });
    expect(issued.status, issued.text).toBe(201);
    cufe = issued.body.cufe;
    number = issued.body.number;
    const listed = await until('the received invoice', async () => {
      const list = await api('GET', '/api/v1/service/received-invoices', buyerKey);
      expect(list.status).toBe(200);
      return list.body.invoices.find((i: any) => i.cufe === cufe);
    });
    expect(listed).toMatchObject({
      number,
      source: 'mail',
      checks_passed: true,
      buyer_answer: 'none',
      supplier: { nit: demoTenant.nit, email: SUPPLIER_MAILBOX },
    });
    expect(listed.checks.map((c: any) => [c.code, c.ok])).toEqual([
      ['ATTACHED_DOCUMENT_SIGNATURE', true],
      ['INVOICE_SIGNATURE', true],
      ['CUFE_MATCHES_DIAN', true],
      ['DIAN_SIGNATURE', true],
      ['DIAN_ACCEPTED', true],
      ['BUYER_IS_TENANT', true],
    ]);
    // The demo tenant lists nothing: received invoices are the buyer's.
    const other = await api('GET', `/api/v1/service/received-invoices/${cufe}`, shape.apiKey);
    expect(other.status).toBe(404);
    expect(other.body.error.code).toBe('RECEIVED_INVOICE_NOT_FOUND');
  });

  it('032 before 030 is refused before anything is signed; 030 is registered, a second 030 refused', async () => {
    const person = {
      id: '1020304050',
      first_name: 'Ana',
      family_name: 'Pérez',
      job_title: 'Almacenista',
      department: 'Compras',
    };
    const early = await api('POST', `/api/v1/service/received-invoices/${cufe}/events`, buyerKey, {
      code: '032',
      person,
    });
    expect(early.status).toBe(409);
    expect(early.body.error).toMatchObject({
      code: 'BUYER_EVENT_OUT_OF_ORDER',
      details: [{ path: 'code', message: '030' }],
    });
    expect((await received(cufe)).body.events).toEqual([]);

    const receipt = await sendEvent(cufe, { code: '030', person });
    expect(receipt).toMatchObject({ code: '030', status: 'registered' });
    cudes['030'] = receipt.cude;
    const again = await api('POST', `/api/v1/service/received-invoices/${cufe}/events`, buyerKey, {
      code: '030',
      person,
    });
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('BUYER_EVENT_REPEATED');
  });

  it('032 names who received the goods; 031 claims with its reason; 033 is then refused', async () => {
    const goods = await sendEvent(cufe, {
      code: '032',
      person: {
        id: '79876543',
        first_name: 'Luis',
        family_name: 'Gómez',
        job_title: 'Jefe de bodega',
        department: 'Logística',
      },
    });
    expect(goods).toMatchObject({ code: '032', status: 'registered', person: { job_title: 'Jefe de bodega' } });
    cudes['032'] = goods.cude;
    const claim = await sendEvent(cufe, {
      code: '031',
      claim: { reason: '02', text: 'Mercancía no entregada completamente' },
    });
    expect(claim, JSON.stringify(claim)).toMatchObject({ code: '031', status: 'registered', claim: { reason: '02' } });
    cudes['031'] = claim.cude;
    const view = (await received(cufe)).body;
    expect(view.buyer_answer).toBe('claimed');
    const accept = await api('POST', `/api/v1/service/received-invoices/${cufe}/events`, buyerKey, {
      code: '033',
      person: { id: '1020304050', first_name: 'Ana', family_name: 'Pérez' },
    });
    expect(accept.status).toBe(409);
    expect(accept.body.error).toMatchObject({
      code: 'BUYER_EVENT_REPEATED',
      details: [{ path: 'code', message: '031' }],
    });
  });

  it('every signed event passes the XSD and xmlsec1, and its CUDE is the formula recomputed here', async () => {
    const caFile = join(shape.scratchDir, 'acme-ca.pem');
    writeFileSync(caFile, (await shape.trustedCaPems('acme'))[0]!);
    for (const code of ['030', '032', '031']) {
      const xml = Buffer.from(await shape.storedFile!(`acme/received/${cufe}.${code}.xml`)).toString('utf8');
      const file = join(shape.scratchDir, `event-${code}.xml`);
      writeFileSync(file, xml);
      const xsd = xmllintXsd(file, applicationResponseXsd);
      expect(xsd.ok, xsd.output).toBe(true);
      const signature = xmlsec1Verify(file, caFile);
      expect(signature.ok, signature.output).toBe(true);
      const fields = cudeFields(xml);
      expect(fields).toMatchObject({
        code,
        sender: BUYER_NIT,
        receiver: demoTenant.nit,
        invoiceId: number,
        typeCode: '01',
      });
      // ACME's software is the demo's with another id (extra-tenants.ts): the same PIN.
      const person = readEventApplicationResponse(xml).person;
      expect(person?.jobTitle).toBe({ '030': 'Almacenista', '032': 'Jefe de bodega', '031': undefined }[code]);
      expect(cudeOf(fields, demoSoftware.pin)).toBe(fields.uuid);
      expect(fields.uuid).toBe(cudes[code]);
    }
  });

  it("the supplier's mailbox holds each event's AttachedDocument, signed by the buyer, with DIAN's answer", async () => {
    // The demo's mailbox is shared by every run on this server: its mails are told apart by the events' CUDEs.
    const found = await until(
      'the three event mails',
      async () => {
        const byCude = await eventMails(imapUrl, SUPPLIER_MAILBOX, Object.values(cudes));
        return byCude.size === 3 ? byCude : undefined;
      },
      60_000,
    );
    const caFile = join(shape.scratchDir, 'acme-ca.pem');
    for (const [code, cude] of Object.entries(cudes)) {
      const mail = found.get(cude)!;
      expect(mail.subject).toBe(`Evento;${code};${number};${BUYER_NIT};ACME S.A.S.`);
      const file = join(shape.scratchDir, `attached-${code}.xml`);
      writeFileSync(file, mail.xml);
      expect(xmllintXsd(file, attachedDocumentXsd).ok).toBe(true);
      const signature = xmlsec1Verify(file, caFile);
      expect(signature.ok, signature.output).toBe(true);
      const attached = readAttachedDocument(mail.xml);
      expect(attached.documentXml).toContain(cude);
      expect(attached.applicationResponseXml).toContain(cude);
    }
    const view = (await received(cufe)).body;
    expect(view.events.map((e: any) => [e.code, e.mailed_to])).toEqual([
      ['030', SUPPLIER_MAILBOX],
      ['032', SUPPLIER_MAILBOX],
      ['031', SUPPLIER_MAILBOX],
    ]);
  });

  it('the same AttachedDocument uploaded is the same received invoice; another tenant, not its buyer, sees a failed check and can send nothing', async () => {
    // The file as the mailbox gave it, stored with the import.
    const imported = (await shape.eventStore.read(`rcv-acme-${cufe}`)).events[0]!.envelope.data as any;
    const xml = Buffer.from(await shape.storedFile!(imported.document_key));
    const again = await api('POST', '/api/v1/service/received-invoices', buyerKey, xml, 'application/xml');
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(again.body).toMatchObject({ cufe, source: 'mail', buyer_answer: 'claimed' });

    const demo = await api(
      'POST',
      '/api/v1/service/received-invoices?file_name=ad.xml',
      shape.apiKey,
      xml,
      'application/xml',
    );
    expect(demo.status).toBe(201);
    expect(demo.body).toMatchObject({ cufe, source: 'upload', checks_passed: false });
    expect(demo.body.checks.find((c: any) => c.code === 'BUYER_IS_TENANT')).toMatchObject({ ok: false });
    const refused = await api('POST', `/api/v1/service/received-invoices/${cufe}/events`, shape.apiKey, {
      code: '030',
      person: { id: '1', first_name: 'A', family_name: 'B' },
    });
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('RECEIVED_INVOICE_CHECKS_FAILED');

    // Altered after DIAN validated it (here: another CUFE everywhere): listed, each broken signature named.
    const forged = xml.toString('utf8').replaceAll(cufe, 'f'.repeat(96));
    const altered = await api('POST', '/api/v1/service/received-invoices', buyerKey, forged, 'application/xml');
    expect(altered.status).toBe(201);
    expect(altered.body.checks_passed).toBe(false);
    expect(altered.body.checks.filter((c: any) => !c.ok).map((c: any) => c.code)).toEqual([
      'ATTACHED_DOCUMENT_SIGNATURE',
      'INVOICE_SIGNATURE',
      'DIAN_SIGNATURE',
    ]);
    for (const check of altered.body.checks.filter((c: any) => !c.ok)) expect(check.detail).not.toBe('');

    const garbage = await api(
      'POST',
      '/api/v1/service/received-invoices',
      buyerKey,
      'not an invoice',
      'application/xml',
    );
    expect(garbage.status).toBe(422);
    expect(garbage.body.error.code).toBe('RECEIVED_INVOICE_UNREADABLE');
  });
});

describe("the buyer's side in the portal: upload the supplier's zip, then 030, 032 and 033", () => {
  it("ACME's accountant uploads the zip, sees the checks, and sends the events in order from the invoice's page", async () => {
    const issued = await shape.post({ ...exampleRequest, customer: { ...exampleRequest.customer, email: PURCHASES } });
    expect(issued.status, issued.text).toBe(201);
    const cufe: string = issued.body.cufe;
    const zip = await supplierZip(imapUrl, PURCHASES, issued.body.number);
    const portal = await signInThroughReset(shape.url, imapUrl, ACCOUNTANT);

    const list = await portal.get('/admin/received');
    expect(list.text).toContain('Facturas recibidas');
    // The mailbox ACME registered through the API, shown without its password; changed from the form too.
    expect(list.text).toContain(`data-mailbox="${reception}"`);
    const wrong = await portal.post('/admin/received/mailbox', { url: 'ftp://mail', user: reception, password: 'x' });
    expect(wrong.status).toBe(422);
    expect(errorCodeOf(wrong.text)).toBe('FORM_INVALID');
    expect(wrong.text).toContain('data-field-error="url"');
    const saved = await portal.post(
      '/admin/received/mailbox',
      { url: imapUrl, user: reception, password: reception, folder: 'INBOX' },
      { formPage: '/admin/received' },
    );
    expect(saved.status).toBe(303);
    const after = await portal.get('/admin/received');
    expect(after.text).toContain('El buzón de recepción se leerá desde la próxima consulta.');

    await uploadAndAccept(portal, { cufe, number: issued.body.number }, zip);
    const view = (await received(cufe)).body;
    expect(view.events.map((e: any) => [e.code, e.status])).toEqual([
      ['030', 'registered'],
      ['032', 'registered'],
      ['033', 'registered'],
    ]);
  });
});
