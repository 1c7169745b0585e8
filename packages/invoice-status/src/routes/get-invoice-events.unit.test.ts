import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { errorBodySchema, invoiceEventsResponseSchema, type InvoiceEvent } from '@fe/contracts';
import { chainDigest, FilesystemBlobStore, GENESIS_DIGEST, SignedLinks, SqliteEventStore } from '@fe/platform';
import { evolve, type InvoiceStatusView } from '@fe/invoice-status';
import { invoiceFixture } from '@fe/invoice-status/testing';
import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { SqliteStatusStore } from '../store/sqlite-status-store.ts';
import { invoiceEventsRoutes } from './get-invoice-events.ts';

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** One accepted invoice in a real event store, its view in a status store, DIAN's answer in the blob store. */
async function world() {
  const dir = mkdtempSync(join(tmpdir(), 'fe-events-route-'));
  const blobs = new FilesystemBlobStore(
    dir,
    new SignedLinks(new Uint8Array(32).fill(3), 'http://127.0.0.1:8080/files'),
    () => new Date(),
  );
  const events = new SqliteEventStore(':memory:');
  const statuses = new SqliteStatusStore(':memory:');
  const inv = invoiceFixture();
  const answer = '<ApplicationResponse>02</ApplicationResponse>';
  await blobs.put(`demo/${inv.documentId}-ar.xml`, answer, 'application/xml');
  const accepted = inv.accepted();
  accepted.data.application_response_key = `demo/${inv.documentId}-ar.xml`;
  const stream: InvoiceEvent[] = [inv.requested(), inv.signed(), inv.submitted(), accepted, inv.rendered()];
  await events.append(inv.invoiceId, stream, 'no_stream');
  await statuses.save(stream.reduce(evolve, undefined) as InvoiceStatusView);
  const app = Fastify();
  app.decorateRequest('tenantId', '');
  app.addHook('onRequest', async (request) => {
    request.tenantId = String(request.headers['x-test-tenant'] ?? 'demo');
  });
  await app.register(invoiceEventsRoutes, { statuses, events, blobs });
  cleanups.push(
    () => rmSync(dir, { recursive: true, force: true }),
    () => events.close(),
    () => statuses.close(),
    () => app.close(),
  );
  const get = (cufe: string, tenant = 'demo') =>
    app.inject({ method: 'GET', url: `/api/v1/service/invoices/${cufe}/events`, headers: { 'x-test-tenant': tenant } });
  return { inv, stream, answer, get };
}

describe('GET /api/v1/service/invoices/:cufe/events', () => {
  it('200: every event oldest first, with time, causation, chain digest and the digest of every file it names', async () => {
    const { inv, stream, answer, get } = await world();
    const response = await get(inv.cufe);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const body = invoiceEventsResponseSchema.parse(response.json());
    expect(body.cufe).toBe(inv.cufe);
    expect(body.number).toBe(inv.documentId);
    expect(body.events.map((e) => [e.type, e.id, e.causation_id, e.occurred_at, e.stream_version])).toEqual(
      stream.map((e, i) => [e.type, e.id, e.causation_id, e.occurred_at, i]),
    );
    let previous = GENESIS_DIGEST;
    for (const [i, entry] of body.events.entries()) {
      previous = chainDigest(previous, inv.invoiceId, BigInt(i), JSON.stringify(stream[i]));
      expect(entry.chain_digest).toBe(previous);
    }
    const files = Object.fromEntries(body.events.map((e) => [e.type, e.files]));
    expect(files.InvoiceSigned).toEqual([
      { role: 'xml', key: `demo/${inv.documentId}.xml`, sha256: 'b'.repeat(64), recorded_in_event: true },
    ]);
    expect(files.InvoiceRendered).toEqual([
      { role: 'pdf', key: `demo/${inv.documentId}.pdf`, sha256: 'c'.repeat(64), recorded_in_event: true },
    ]);
    expect(files.InvoiceAccepted).toEqual([
      {
        role: 'application_response',
        key: `demo/${inv.documentId}-ar.xml`,
        sha256: createHash('sha256').update(answer).digest('hex'),
        recorded_in_event: false,
      },
    ]);
    expect(files.InvoiceRequested).toEqual([]);
  });

  it("404 INVOICE_NOT_FOUND for another tenant's cufe, as for an unknown one; 400 VALIDATION_ERROR for a malformed cufe", async () => {
    const { inv, get } = await world();
    const other = await get(inv.cufe, 'acme');
    expect(other.statusCode).toBe(404);
    expect(errorBodySchema.parse(other.json()).error.code).toBe('INVOICE_NOT_FOUND');
    const unknown = await get('a'.repeat(96));
    expect(unknown.statusCode).toBe(404);
    const malformed = await get('XYZ');
    expect(malformed.statusCode).toBe(400);
    expect(errorBodySchema.parse(malformed.json()).error).toMatchObject({
      code: 'VALIDATION_ERROR',
      details: [{ path: 'cufe' }],
    });
  });
});
