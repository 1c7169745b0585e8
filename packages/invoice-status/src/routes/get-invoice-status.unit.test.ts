import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { errorBodySchema, invoiceStatusResponseSchema, type InvoiceEvent } from '@fe/contracts';
import { FilesystemBlobStore, SignedLinks } from '@fe/platform';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { invoiceFixture, noteFixture } from '@fe/invoice-status/testing';
import { ProjectionError } from '../errors.ts';
import { evolve, type InvoiceStatusView } from '@fe/invoice-status';
import { SqliteStatusStore } from '../store/sqlite-status-store.ts';
import type { StatusStore } from '../store/status-store.ts';
import { statusRoutes } from './get-invoice-status.ts';

const TTL = 7 * 24 * 3600;
const fold = (events: InvoiceEvent[]) => events.reduce(evolve, undefined) as InvoiceStatusView;
const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** The host app as the ingress builds it: authentication sets request.tenantId (here from a test header). */
async function buildApp(store: Pick<StatusStore, 'findByCufe' | 'get'>, options: { authenticate?: boolean } = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'fe-status-route-'));
  const clock = { now: new Date('2026-03-10T15:00:00Z') };
  const signer = new SignedLinks(new Uint8Array(32).fill(3), 'http://127.0.0.1:8080/files');
  const blobs = new FilesystemBlobStore(dir, signer, () => clock.now);
  const app: FastifyInstance = Fastify();
  app.decorateRequest('tenantId', '');
  if (options.authenticate !== false) {
    app.addHook('onRequest', async (request) => {
      request.tenantId = String(request.headers['x-test-tenant'] ?? 'demo');
    });
  }
  await app.register(statusRoutes, { store, blobs, linkTtlSeconds: TTL });
  cleanups.push(
    () => rmSync(dir, { recursive: true, force: true }),
    () => app.close(),
  );
  return { app, signer, clock };
}

async function seededStore() {
  const store = new SqliteStatusStore(':memory:');
  cleanups.push(() => store.close());
  const inv = invoiceFixture();
  const view = fold([inv.requested(), inv.signed(), inv.submitted(), inv.accepted(), inv.rendered()]);
  await store.save(view);
  return { store, inv, view };
}

const get = (app: FastifyInstance, cufe: string, tenant = 'demo') =>
  app.inject({ method: 'GET', url: `/api/v1/service/status/${cufe}`, headers: { 'x-test-tenant': tenant } });

describe('GET /api/v1/service/status/:cufe', () => {
  it("200: the status body with fresh links that verify for the invoice's files", async () => {
    const { store, inv, view } = await seededStore();
    const { app, signer, clock } = await buildApp(store);
    const response = await get(app, inv.cufe);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const body = invoiceStatusResponseSchema.parse(response.json());
    expect(body).toMatchObject({
      success: true,
      cufe: inv.cufe,
      status: 'accepted',
      stage: 'accepted',
      updated_at: view.updatedAt,
    });
    const query = (url: string) => new URL(url).searchParams;
    const xml = query(body.xml_url);
    expect(
      signer.verify(
        `demo/${inv.documentId}.xml`,
        xml.get('expires') ?? undefined,
        xml.get('signature') ?? undefined,
        clock.now,
      ),
    ).toBe('ok');
    expect(Number(xml.get('expires'))).toBe(clock.now.getTime() / 1000 + TTL);
    expect(new URL(body.pdf_url).pathname).toBe(`/files/demo/${inv.documentId}.pdf`);

    clock.now = new Date('2026-03-20T15:00:00Z'); // past the first links' expiry
    const later = invoiceStatusResponseSchema.parse((await get(app, inv.cufe)).json());
    const pdf = query(later.pdf_url);
    expect(
      signer.verify(
        `demo/${inv.documentId}.pdf`,
        pdf.get('expires') ?? undefined,
        pdf.get('signature') ?? undefined,
        clock.now,
      ),
    ).toBe('ok');
    expect(
      signer.verify(
        `demo/${inv.documentId}.xml`,
        xml.get('expires') ?? undefined,
        xml.get('signature') ?? undefined,
        clock.now,
      ),
    ).toBe('expired');
  });

  it.each([
    ['uppercase', 'A'.repeat(96)],
    ['too short', 'a'.repeat(95)],
    ['not hex', 'g'.repeat(96)],
    ["longer than the router's parameter limit", 'a'.repeat(300)],
    ['with a slash', `${'a'.repeat(48)}/${'a'.repeat(47)}`],
  ])('400 VALIDATION_ERROR on a malformed cufe (%s)', async (_, cufe) => {
    const { store } = await seededStore();
    const { app } = await buildApp(store);
    const response = await get(app, cufe);
    expect(response.statusCode).toBe(400);
    const body = errorBodySchema.parse(response.json());
    expect(body.error.code).toBe('VALIDATION_ERROR');
    expect(body.error.details.map((d) => d.path)).toEqual(['cufe']);
    expect(body.request_id).not.toBe('');
  });

  it("404 INVOICE_NOT_FOUND for an unknown cufe, and for another tenant's", async () => {
    const { store, inv } = await seededStore();
    const { app } = await buildApp(store);
    for (const response of [await get(app, 'f'.repeat(96)), await get(app, inv.cufe, 'acme')]) {
      expect(response.statusCode).toBe(404);
      expect(errorBodySchema.parse(response.json()).error.code).toBe('INVOICE_NOT_FOUND');
    }
  });

  it('401 UNAUTHORIZED, not the invoice, when the host set no tenant', async () => {
    const { store, inv } = await seededStore();
    const { app } = await buildApp(store, { authenticate: false });
    const response = await get(app, inv.cufe);
    expect(response.statusCode).toBe(401);
    expect(response.headers['www-authenticate']).toBe('Bearer');
    expect(errorBodySchema.parse(response.json()).error.code).toBe('UNAUTHORIZED');
  });

  it('503 UNAVAILABLE with Retry-After while the status store is busy', async () => {
    const { app } = await buildApp({
      findByCufe: () => {
        throw new ProjectionError('STATUS_STORE_BUSY');
      },
      get: async () => undefined,
    });
    const response = await get(app, 'a'.repeat(96));
    expect(response.statusCode).toBe(503);
    expect(response.headers['retry-after']).toBe('1');
    expect(errorBodySchema.parse(response.json()).error.code).toBe('UNAVAILABLE');
  });
});

describe('GET /api/v1/service/status/:cufe with credit and debit notes', () => {
  it("lists an invoice's notes with the status each note's own view holds, its balance, and voided after an accepted cancellation", async () => {
    const store = new SqliteStatusStore(':memory:');
    cleanups.push(() => store.close());
    const inv = invoiceFixture(); // 100.00
    const requested = inv.requested();
    const partial = noteFixture(requested, { kind: 'credit', number: 1, concept: '1', amount: '30.00' });
    const cancellation = noteFixture(requested, { kind: 'credit', number: 2, concept: '2', amount: '70.00' });
    await store.save(
      fold([
        requested,
        inv.signed(),
        inv.submitted(),
        inv.accepted(),
        inv.rendered(),
        partial.reserved(),
        partial.issued(),
        cancellation.reserved(),
        cancellation.issued(),
      ]),
    );
    await store.save(fold([partial.requested(), partial.rejected()]));
    await store.save(fold([cancellation.requested(), cancellation.accepted()]));
    const { app } = await buildApp(store);

    const body = invoiceStatusResponseSchema.parse((await get(app, inv.cufe)).json());
    expect(body.notes!.map((n) => [n.number, n.status])).toEqual([
      ['NC1', 'rejected'],
      ['NC2', 'accepted'],
    ]);
    expect(body).toMatchObject({ balance: '30.00', voided: true });

    const note = invoiceStatusResponseSchema.parse((await get(app, cancellation.cude)).json());
    expect(note).toMatchObject({
      cufe: cancellation.cude,
      number: 'NC2',
      document_type: 'credit_note',
      concept: '2',
      status: 'accepted',
      referenced_invoice: { cufe: inv.cufe },
    });
  });
});
