import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInvoiceResponseSchema, errorBodySchema, type ErrorCode } from '@fe/contracts';
import { FilesystemBlobStore, SignedLinks, SqliteEventStore } from '@fe/platform';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anInvoice, logger, noteLine, notePorts, tenants } from '../../test-support/note-world.ts';
import { ingressConfigSchema } from '../config.ts';
import { createHttpApp } from '../http/create-http-app.ts';
import { answerWithLinks } from '../request-invoice/answer.ts';
import { postNoteRoutes } from './post-note.ts';

const KEY = { authorization: 'Bearer fe_test_anything', 'content-type': 'application/json' };

describe('POST /api/v1/service/credit-note and /debit-note', () => {
  const dir = mkdtempSync(join(tmpdir(), 'fe-note-route-'));
  const store = new SqliteEventStore(':memory:');
  const ports = notePorts(store);
  let app: FastifyInstance;
  let cufe: string;
  beforeAll(async () => {
    cufe = (await anInvoice(store, '990000001')).cufe;
    const blobs = new FilesystemBlobStore(
      dir,
      new SignedLinks(new Uint8Array(32).fill(7), 'http://127.0.0.1:8080/files'),
    );
    const authenticated = {
      ...tenants,
      authenticate: async (key: string) => (key === 'fe_test_anything' ? { tenantId: 'demo' } : undefined),
    };
    app = createHttpApp({
      logger,
      tenants: authenticated,
      config: ingressConfigSchema.parse({}),
      routes: [postNoteRoutes({ ...ports, tenants: authenticated, answer: answerWithLinks(blobs, 3600) })],
    });
  });
  afterAll(async () => {
    await app.close();
    await ports.idempotency.close();
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const post = (kind: 'credit' | 'debit', payload: unknown, headers: Record<string, string> = KEY) =>
    app.inject({
      method: 'POST',
      url: `/api/v1/service/${kind}-note`,
      headers,
      payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
    });

  function expectError(answer: Awaited<ReturnType<typeof post>>, status: number, code: ErrorCode, path?: string) {
    expect({ status: answer.statusCode, code: answer.json().error.code }).toEqual({ status, code });
    expect(errorBodySchema.safeParse(answer.json()).success).toBe(true);
    expect(answer.json().request_id).toBe(answer.headers['x-request-id']);
    if (path !== undefined) expect(answer.json().error.details.map((d: { path: string }) => d.path)).toContain(path);
  }

  it("answers 202 with the invoice answer's body plus what a note adds, and Location at the note's CUDE", async () => {
    const answer = await post('credit', { invoice: { cufe }, concept: '1', lines: [noteLine(100)] });
    expect(answer.statusCode).toBe(202);
    const body = createInvoiceResponseSchema.parse(answer.json());
    expect(body).toMatchObject({
      success: false,
      status: 'pending',
      number: 'NC1',
      document_type: 'credit_note',
      concept: '1',
      referenced_invoice: { cufe, number: 'SETP990000001', issue_date: '2026-03-10' },
    });
    expect(answer.headers.location).toBe(`/api/v1/service/status/${body.cufe}`);
    expect(body.xml_url).toContain('/files/demo/NC1.xml?');
  });

  it('a debit note answers the same way', async () => {
    const answer = await post('debit', {
      invoice: { prefix: 'SETP', number: 990000001 },
      concept: '2',
      lines: [noteLine(50)],
    });
    expect(createInvoiceResponseSchema.parse(answer.json())).toMatchObject({
      number: 'ND1',
      document_type: 'debit_note',
    });
  });

  it('refuses with the one error body: 401, 400 MALFORMED_JSON, 400 VALIDATION_ERROR, 404, 422', async () => {
    expectError(await post('credit', {}, { 'content-type': 'application/json' }), 401, 'UNAUTHORIZED');
    expectError(await post('credit', '{"invoice":', KEY), 400, 'MALFORMED_JSON');
    expectError(
      await post('credit', { invoice: { cufe }, concept: '9', lines: [noteLine(1)] }),
      400,
      'VALIDATION_ERROR',
      'concept',
    );
    expectError(
      await post('credit', { invoice: { cufe: 'a'.repeat(96) }, concept: '1', lines: [noteLine(1)] }),
      404,
      'REFERENCED_INVOICE_NOT_FOUND',
      'invoice.cufe',
    );
    expectError(
      await post('credit', { invoice: { cufe }, concept: '1', lines: [noteLine(100_000)] }),
      422,
      'CREDIT_EXCEEDS_BALANCE',
      'lines',
    );
    expectError(
      await post(
        'credit',
        { invoice: { cufe }, concept: '1', lines: [noteLine(1)] },
        { ...KEY, 'idempotency-key': 'k'.repeat(256) },
      ),
      400,
      'VALIDATION_ERROR',
      'Idempotency-Key',
    );
  });

  it('replays the first answer for the same Idempotency-Key and body, and refuses another body with it', async () => {
    const headers = { ...KEY, 'idempotency-key': 'note-1' };
    const first = await post('credit', { invoice: { cufe }, concept: '3', lines: [noteLine(10)] }, headers);
    const again = await post('credit', { concept: '3', lines: [noteLine(10)], invoice: { cufe } }, headers);
    expect(again.json()).toEqual(first.json());
    expectError(
      await post('credit', { invoice: { cufe }, concept: '3', lines: [noteLine(11)] }, headers),
      422,
      'IDEMPOTENCY_KEY_REUSED',
    );
  });
});
