// The buyer's side of the API on real adapters (an in-memory SQLite event store and list, the check thread, a blob
// folder): every answer's status, code and Spanish message, and what each leaves on the received invoice's stream.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { errorBodySchema, receivedInvoiceStream } from '@fe/contracts';
import { demoTenant } from '@fe/dian-domain';
import { createLogger, FilesystemBlobStore, SignedLinks, SqliteEventStore, systemClock } from '@fe/platform';
import {
  createReceivedInvoiceChecker,
  createReceivedInvoices,
  SqliteReceivedInvoiceIndex,
} from '@fe/received-invoices';
import { imported, registered } from '@fe/received-invoices/testing';
import type { TenantDirectory } from '@fe/tenancy';
import { afterAll, describe, expect, it } from 'vitest';
import { ingressConfigFromEnv } from '../config.ts';
import { createHttpApp } from '../http/create-http-app.ts';
import { receivedInvoiceRoutes } from './received-invoices.ts';

const files = mkdtempSync(join(tmpdir(), 'fe-received-'));
const store = new SqliteEventStore(':memory:');
const index = new SqliteReceivedInvoiceIndex(':memory:');
const checker = createReceivedInvoiceChecker();
const received = createReceivedInvoices({
  store,
  blobs: new FilesystemBlobStore(files, new SignedLinks(new Uint8Array(32), 'http://127.0.0.1/files')),
  index,
  checker,
  clock: systemClock,
});
const tenants = {
  authenticate: async (key: string) => (key === 'k' ? { tenantId: 'acme' } : undefined),
  profile: async (id: string) => (id === 'acme' ? { tenant: { ...demoTenant, id, nit: '900108281' } } : undefined),
} as unknown as TenantDirectory;
const app = createHttpApp({
  logger: createLogger({ level: 'silent' }),
  tenants,
  config: ingressConfigFromEnv({}),
  routes: [receivedInvoiceRoutes({ received, tenants })],
});
afterAll(async () => {
  await app.close();
  await checker.close();
  await index.close();
  await store.close();
  rmSync(files, { recursive: true, force: true });
});

const BASE = '/api/v1/service/received-invoices';
const call = (method: 'GET' | 'POST', url: string, body?: string, contentType = 'application/json') =>
  app.inject({
    method,
    url,
    headers: { authorization: 'Bearer k', ...(body !== undefined ? { 'content-type': contentType } : {}) },
    ...(body !== undefined ? { payload: body } : {}),
  });
const errorOf = (answer: { body: string }) => errorBodySchema.parse(JSON.parse(answer.body)).error;

const CUFE = 'cd'.repeat(48);
const bareInvoice = `<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"
  xmlns:cac="urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2"
  xmlns:cbc="urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2">
  <cbc:ID>FV9</cbc:ID><cbc:UUID schemeName="CUFE-SHA384">${CUFE}</cbc:UUID>
  <cac:AccountingSupplierParty><cac:Party><cac:PartyTaxScheme><cbc:RegistrationName>PROVEEDOR</cbc:RegistrationName>
  <cbc:CompanyID schemeID="7" schemeName="31">900123456</cbc:CompanyID></cac:PartyTaxScheme></cac:Party></cac:AccountingSupplierParty>
  <cac:AccountingCustomerParty><cac:Party><cac:PartyTaxScheme><cbc:CompanyID>900108281</cbc:CompanyID></cac:PartyTaxScheme></cac:Party></cac:AccountingCustomerParty>
</Invoice>`;

describe('uploading a supplier file', () => {
  it('201 the first time, with its checks; 200 the same invoice again; listed once', async () => {
    const first = await call('POST', `${BASE}?file_name=fv9.xml`, bareInvoice, 'application/xml');
    expect(first.statusCode, first.body).toBe(201);
    expect(JSON.parse(first.body)).toMatchObject({ cufe: CUFE, number: 'FV9', source: 'upload', checks_passed: false });
    const again = await call('POST', BASE, bareInvoice, 'text/xml');
    expect(again.statusCode).toBe(200);
    const list = JSON.parse((await call('GET', BASE)).body);
    expect(list.invoices.map((i: { cufe: string }) => i.cufe)).toEqual([CUFE]);
    expect((await store.read(receivedInvoiceStream('acme', CUFE))).events).toHaveLength(1);
  });

  it('422 RECEIVED_INVOICE_UNREADABLE for something that is no invoice; 415 for a type the route does not take', async () => {
    const unreadable = await call('POST', BASE, '<nota/>', 'application/xml');
    expect(unreadable.statusCode).toBe(422);
    expect(errorOf(unreadable)).toMatchObject({ code: 'RECEIVED_INVOICE_UNREADABLE' });
    expect(errorOf(unreadable).message).toMatch(/^No se pudo leer la factura/);
    const text = await call('POST', BASE, 'hola', 'text/plain');
    expect(text.statusCode).toBe(415);
    expect(errorOf(text).code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });

  it('404 RECEIVED_INVOICE_NOT_FOUND for a cufe not received; 400 for one that is no cufe; 400 for a bad limit', async () => {
    const missing = await call('GET', `${BASE}/${'e'.repeat(96)}`);
    expect(missing.statusCode).toBe(404);
    expect(errorOf(missing).code).toBe('RECEIVED_INVOICE_NOT_FOUND');
    expect((await call('GET', `${BASE}/xyz`)).statusCode).toBe(400);
    expect(errorOf(await call('GET', `${BASE}?limit=0`)).details).toEqual([{ path: 'limit', message: 'de 1 a 200' }]);
  });
});

describe("the buyer's events", () => {
  const person = { id: '1020304050', first_name: 'Ana', family_name: 'Pérez' };
  const cufe = 'c'.repeat(96); // the test-support stream's
  const post = (body: unknown) => call('POST', `${BASE}/${cufe}/events`, JSON.stringify(body));

  it('400 VALIDATION_ERROR naming the field: a 030 without its person, a claim on a 030, a 031 without its reason', async () => {
    await store.append(receivedInvoiceStream('acme', cufe), [imported()], 'no_stream');
    expect(errorOf(await post({ code: '030' })).details).toEqual([{ path: 'person', message: expect.any(String) }]);
    const both = errorOf(await post({ code: '030', person, claim: { reason: '01' } }));
    expect(both).toMatchObject({ code: 'VALIDATION_ERROR', details: [{ path: 'claim' }] });
    expect(errorOf(await post({ code: '031' })).details).toEqual([{ path: 'claim', message: expect.any(String) }]);
    expect(errorOf(await post({ code: '034', person })).details[0]).toMatchObject({ path: 'code' });
  });

  it('409 with the missing event before anything is recorded; 202 and ReceivedInvoiceEventRequested in order', async () => {
    const early = await post({ code: '032', person });
    expect(early.statusCode).toBe(409);
    expect(errorOf(early)).toMatchObject({
      code: 'BUYER_EVENT_OUT_OF_ORDER',
      details: [{ path: 'code', message: '030' }],
    });
    expect(errorOf(early).message).toBe(
      'El acuse de recibo (030) debe estar registrado en la DIAN antes de enviar el recibo del bien o servicio (032).',
    );
    const asked = await post({ code: '030', person });
    expect(asked.statusCode).toBe(202);
    expect(JSON.parse(asked.body)).toMatchObject({ code: '030', event_id: `R${'C'.repeat(24)}`, invoice: { cufe } });
    const pending = await post({ code: '032', person });
    expect(errorOf(pending)).toMatchObject({
      code: 'BUYER_EVENT_PENDING',
      details: [{ path: 'code', message: '030' }],
    });
    const { events } = await store.read(receivedInvoiceStream('acme', cufe));
    expect(events.map((e) => e.envelope.type)).toEqual(['ReceivedInvoiceImported', 'ReceivedInvoiceEventRequested']);
    expect(events[1]!.envelope.data).toMatchObject({
      code: '030',
      person: { document_type: '13' },
      requested_from: 'api',
    });
    // DIAN registered it (as the submitter records it): the next one goes, the same one again does not.
    const asking = events[1]!.envelope;
    await store.append(receivedInvoiceStream('acme', cufe), [{ ...registered('030'), causation_id: asking.id }], 1n);
    expect(errorOf(await post({ code: '030', person })).code).toBe('BUYER_EVENT_REPEATED');
    expect((await post({ code: '032', person })).statusCode).toBe(202);
  });
});
