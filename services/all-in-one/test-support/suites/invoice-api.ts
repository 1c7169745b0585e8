// The HTTP API end to end, on either shape (test-support/shapes): every exit of a request — the
// answer, the stored documents, the status, DIAN's side, logs. test/invoice-api.e2e.test.ts runs it
// on the embedded default, test/distributed-shape.e2e.test.ts on the distributed shape.
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import {
  createInvoiceResponseSchema,
  errorBodySchema,
  invoiceStatusResponseSchema,
  type ErrorCode,
} from '@fe/contracts';
import { ownText, parseXmlTree } from '@fe/dian-xml';
import { beforeAll, describe, expect, it } from 'vitest';
import { xades4jJar, xades4jVerify, xmlsec1Verify } from '@fe/xades/testing';
import { exampleRequest } from '../world.ts';
import { pollStatus, type HttpAnswer } from '../http-client.ts';
import type { Shape } from '../shapes/shape.ts';

/** `shape` gives the deployment the file started (in its beforeAll). */
export function invoiceApiSuite(shape: () => Shape): void {
  /** An error answer: the code, its HTTP status, the one error body, the request id echoed. */
  function expectError(answer: HttpAnswer, code: ErrorCode, status: number): void {
    expect({ status: answer.status, code: answer.body?.error?.code }).toEqual({ status, code });
    expect(errorBodySchema.safeParse(answer.body).success).toBe(true);
    expect(answer.body.request_id).toBe(answer.headers.get('x-request-id'));
  }

  describe('an invoice DIAN accepts', () => {
    let answer: HttpAnswer;
    beforeAll(async () => {
      answer = await shape().post(exampleRequest);
    });

    it('answers 201 with the contract body, a Location and a request id', () => {
      expect(answer.status).toBe(201);
      expect(createInvoiceResponseSchema.parse(answer.body)).toMatchObject({
        success: true,
        status: 'accepted',
        tax_authority_response: { status: 'accepted' },
      });
      expect(answer.body.number).toMatch(/^SETP99\d{7}$/);
      expect(answer.headers.get('location')).toBe(`/api/v1/service/status/${answer.body.cufe}`);
      expect(answer.headers.get('x-request-id')).toMatch(/^req_/);
    });

    it("hands out a signed XML that xmlsec1 (and xades4j, DIAN's library) verify against the tenant's CA", async () => {
      const xml = await fetch(answer.body.xml_url);
      expect(xml.headers.get('content-type')).toContain('application/xml');
      const file = join(shape().scratchDir, 'fetched.xml');
      writeFileSync(file, Buffer.from(await xml.arrayBuffer()));
      const caFile = join(shape().scratchDir, 'demo-ca.pem');
      writeFileSync(caFile, (await shape().trustedCaPems('demo'))[0]!);
      const xmlsec = xmlsec1Verify(file, caFile);
      expect(xmlsec.ok, xmlsec.output).toBe(true);
      if (existsSync(xades4jJar)) {
        const xades = xades4jVerify(file, caFile);
        expect(xades.ok, xades.output).toBe(true);
      }
    });

    it('hands out a PDF whose text holds the CUFE and the number', async () => {
      const pdf = await fetch(answer.body.pdf_url);
      expect(pdf.status).toBe(200);
      const file = join(shape().scratchDir, 'fetched.pdf');
      writeFileSync(file, Buffer.from(await pdf.arrayBuffer()));
      const text = spawnSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }).stdout.replace(/\s+/g, '');
      expect(text).toContain(answer.body.cufe);
      expect(text).toContain(answer.body.number);
    });

    it('shows the invoice by CUFE with its stage, history and fresh links', async () => {
      const status = await shape().get(`/api/v1/service/status/${answer.body.cufe}`);
      expect(status.status).toBe(200);
      const body = invoiceStatusResponseSchema.parse(status.body);
      expect(body).toMatchObject({ cufe: answer.body.cufe, status: 'accepted', stage: 'accepted', success: true });
      expect(body.history.map((h) => h.stage)).toEqual(['requested', 'signed', 'submitted', 'accepted']);
      expect((await fetch(body.pdf_url)).status).toBe(200);
    });

    it('logs one line per request with its id and tenant, and never the API key', () => {
      const logs = shape().ingressLogs();
      const line = logs.map((l) => JSON.parse(l)).find((l) => l.req_id === answer.headers.get('x-request-id'));
      expect(line).toMatchObject({
        status: 201,
        tenant_id: 'demo',
        url: '/api/v1/service/invoice',
        service: 'ingress',
      });
      expect(shape().allLogs().join('\n')).not.toContain(shape().apiKey);
      // One `service` per line, naming the service: a log pipeline keeps only one of two equal keys.
      expect(logs.filter((l) => (l.match(/"service":/g) ?? []).length !== 1)).toEqual([]);
      // The request id once, under the documented key (fastify's own `reqId` label would add a second).
      expect(
        logs
          .filter((l) => l.includes(answer.headers.get('x-request-id')!))
          .map((l) => Object.keys(JSON.parse(l)).filter((k) => /req_?id/i.test(k))),
      ).toEqual([['req_id']]);
    });
  });

  describe('every error of the table', () => {
    const body = (patch: Record<string, unknown>) => ({ ...exampleRequest, ...patch });

    it('400 MALFORMED_JSON, VALIDATION_ERROR (naming every field), NIT_INVALID, TAX_RATE_INVALID', async () => {
      expectError(await shape().post(undefined, { raw: '{"customer": ' }), 'MALFORMED_JSON', 400);
      const invalid = await shape().post({ customer: { document_type: '31' }, payment: {} });
      expectError(invalid, 'VALIDATION_ERROR', 400);
      expect(invalid.body.error.details.map((d: { path: string }) => d.path)).toEqual(
        expect.arrayContaining(['customer.document_number', 'customer.name', 'lines', 'payment.method_code']),
      );
      expectError(
        await shape().post(body({ customer: { ...exampleRequest.customer, document_number: '900108281-1' } })),
        'NIT_INVALID',
        400,
      );
      const rate = await shape().post(
        body({
          lines: [{ code: 'a', name: 'b', quantity: 1, unit_price: 1, taxes: [{ code: '01', name: 'IVA', rate: 7 }] }],
        }),
      );
      expectError(rate, 'TAX_RATE_INVALID', 400);
      expect(rate.body.error.details[0].path).toBe('lines.0.taxes.0.rate');
    });

    it('401 UNAUTHORIZED for a missing, malformed, unknown or revoked key, with WWW-Authenticate', async () => {
      for (const key of [null, 'not-a-key', `fe_test_${'A'.repeat(43)}`, shape().extra.revoked]) {
        const answer = await shape().post(exampleRequest, { apiKey: key });
        expectError(answer, 'UNAUTHORIZED', 401);
        expect(answer.headers.get('www-authenticate')).toMatch(/^Bearer/);
      }
    });

    it('403 TENANT_NOT_READY for a tenant without a certificate', async () => {
      expectError(await shape().post(exampleRequest, { apiKey: shape().extra.onboarding }), 'TENANT_NOT_READY', 403);
      // The readiness check says the same beforehand; a certificate a year away is ready without a warning.
      const onboarding = await shape().get('/api/v1/service/tenant/readiness', { apiKey: shape().extra.onboarding });
      expect(onboarding.body).toEqual({
        status: 'not_ready',
        missing: ['no signing certificate on file'],
        warnings: [],
      });
      const ready = await shape().get('/api/v1/service/tenant/readiness');
      expect(ready.body).toMatchObject({ status: 'ready', missing: [], warnings: [] });
      expect(ready.body.certificate_expires_in_days).toBeGreaterThan(30);
    });

    it("404 INVOICE_NOT_FOUND for an unknown cufe and for another tenant's; 400 for a malformed one", async () => {
      const mine = await shape().post(exampleRequest, { headers: { prefer: 'wait=0' } });
      expectError(await shape().get(`/api/v1/service/status/${'ab'.repeat(48)}`), 'INVOICE_NOT_FOUND', 404);
      expectError(
        await shape().get(`/api/v1/service/status/${mine.body.cufe}`, { apiKey: shape().extra.rejectedByDian }),
        'INVOICE_NOT_FOUND',
        404,
      );
      expectError(await shape().get('/api/v1/service/status/XYZ'), 'VALIDATION_ERROR', 400);
    });

    it('409 DUPLICATE_INVOICE_NUMBER for a number already used', async () => {
      const first = await shape().post(exampleRequest, { headers: { prefer: 'wait=0' } });
      expectError(
        await shape().post(body({ number: consecutiveOf(first.body.number) })),
        'DUPLICATE_INVOICE_NUMBER',
        409,
      );
    });

    it('409 IDEMPOTENCY_IN_PROGRESS while the first request with a key runs; 422 IDEMPOTENCY_KEY_REUSED with another body', async () => {
      await shape().dian.setFault('latency=1500');
      try {
        const headers = { 'idempotency-key': 'in-progress-1' };
        const first = shape().post(exampleRequest, { headers });
        await new Promise((r) => setTimeout(r, 300));
        expectError(await shape().post(exampleRequest, { headers }), 'IDEMPOTENCY_IN_PROGRESS', 409);
        expectError(await shape().post(body({ notes: 'otra' }), { headers }), 'IDEMPOTENCY_KEY_REUSED', 422);
        expect((await first).status).toBe(201);
      } finally {
        await shape().dian.setFault(undefined);
      }
    });

    it('413 PAYLOAD_TOO_LARGE and 415 UNSUPPORTED_MEDIA_TYPE', async () => {
      expectError(
        await shape().post(undefined, { raw: JSON.stringify({ notes: 'x'.repeat(1024 * 1024) }) }),
        'PAYLOAD_TOO_LARGE',
        413,
      );
      expectError(
        await shape().post(undefined, { raw: 'customer=1', headers: { 'content-type': 'text/plain' } }),
        'UNSUPPORTED_MEDIA_TYPE',
        415,
      );
    });

    it('422 LINE_TOTAL_MISMATCH and NUMBER_OUT_OF_RANGE (number or prefix)', async () => {
      expectError(await shape().post(body({ total: 1 })), 'LINE_TOTAL_MISMATCH', 422);
      expectError(await shape().post(body({ number: 1 })), 'NUMBER_OUT_OF_RANGE', 422);
      expectError(await shape().post(body({ prefix: 'ZZZ' })), 'NUMBER_OUT_OF_RANGE', 422);
    });

    it('422 NUMBER_NOT_CONSECUTIVE for the top of the range, which then does not stop the next consecutive', async () => {
      const before = await shape().post(exampleRequest, { headers: { prefer: 'wait=0' } });
      expectError(await shape().post(body({ number: 995000000 })), 'NUMBER_NOT_CONSECUTIVE', 422);
      const after = await shape().post(exampleRequest, { headers: { prefer: 'wait=0' } });
      expect(consecutiveOf(after.body.number)).toBe(consecutiveOf(before.body.number) + 1);
    });

    it("422 TAX_AUTHORITY_REJECTED with DIAN's rules when DIAN refuses the invoice", async () => {
      const answer = await shape().post(exampleRequest, { apiKey: shape().extra.rejectedByDian });
      expect(answer.status).toBe(422);
      expect(createInvoiceResponseSchema.parse(answer.body)).toMatchObject({
        success: false,
        status: 'rejected',
        error: { code: 'TAX_AUTHORITY_REJECTED' },
      });
      expect(answer.body.tax_authority_response.errors.length).toBeGreaterThan(0);
      for (const rule of answer.body.tax_authority_response.errors)
        expect(rule.rule).toMatch(/^[A-Z]{2,4}\d{2}[a-z]?$|^\d{2,3}$/);
    });

    it('404 ROUTE_NOT_FOUND; 403 for an altered file link (LINK_INVALID where the service serves the files)', async () => {
      expectError(await shape().get('/api/v1/service/nothing'), 'ROUTE_NOT_FOUND', 404);
      const answer = await shape().post(exampleRequest, { headers: { prefer: 'wait=0' } });
      // The signature's first character changed to another (a fixed one was already there one time in 16).
      const flip = (prefix: string) => (found: string) => `${prefix}${found.endsWith('0') ? '1' : '0'}`;
      const altered =
        shape().files === 'service'
          ? answer.body.xml_url.replace(/signature=./, flip('signature='))
          : answer.body.xml_url.replace(/X-Amz-Signature=./, flip('X-Amz-Signature='));
      expect(altered).not.toBe(answer.body.xml_url);
      const refused = await fetch(altered);
      if (shape().files === 'service') expectError(await httpAnswer(refused), 'LINK_INVALID', 403);
      else
        expect({ status: refused.status, code: s3ErrorCode(await refused.text()) }).toEqual({
          status: 403,
          code: 'SignatureDoesNotMatch',
        });
    });
  });

  describe('idempotency and numbering under concurrency', () => {
    it('replays the first answer for the same key and body', async () => {
      const headers = { 'idempotency-key': 'replay-1' };
      const first = await shape().post(exampleRequest, { headers });
      const again = await shape().post(JSON.parse(JSON.stringify(exampleRequest)), { headers });
      expect(again.status).toBe(first.status);
      expect(again.body).toEqual(first.body);
    });

    it('gives 20 concurrent requests for one explicit number (the next consecutive) exactly one 201 and nineteen 409', async () => {
      const last = await shape().post(exampleRequest, { headers: { prefer: 'wait=0' } });
      const next = consecutiveOf(last.body.number) + 1;
      const answers = await Promise.all(
        Array.from({ length: 20 }, () => shape().post({ ...exampleRequest, number: next })),
      );
      const statuses = answers.map((a) => a.status).sort();
      expect(statuses).toEqual([201, ...Array(19).fill(409)]);
      for (const a of answers.filter((x) => x.status === 409))
        expect(a.body.error.code).toBe('DUPLICATE_INVOICE_NUMBER');
    });
  });

  describe('DIAN unreachable', () => {
    it('answers 202 pending, then reaches accepted after DIAN recovers, with exactly one submission DIAN judged', async () => {
      await shape().dian.setFault('http503');
      let cufe: string;
      try {
        const answer = await shape().post(exampleRequest, { headers: { prefer: 'wait=2' } });
        expect(answer.status).toBe(202);
        expect(answer.body).toMatchObject({ success: false, status: 'pending' });
        cufe = answer.body.cufe;
        expect(answer.headers.get('location')).toBe(`/api/v1/service/status/${cufe}`);
        await pollStatus(shape(), cufe, (s) => s.status === 'pending' && s.stage === 'signed');
        const early = await fetch(answer.body.pdf_url); // the PDF is drawn after the verdict
        const code =
          shape().files === 'service'
            ? ((await early.json()) as { error: { code: string } }).error.code
            : s3ErrorCode(await early.text());
        expect({ status: early.status, code }).toEqual({
          status: 404,
          code: shape().files === 'service' ? 'FILE_NOT_READY' : 'NoSuchKey',
        });
      } finally {
        await shape().dian.setFault(undefined);
      }
      const final = await pollStatus(shape(), cufe!, (s) => s.status !== 'pending' && s.pdf_url !== undefined);
      expect(final.status).toBe('accepted');
      expect(await shape().dian.timesReceived(cufe!)).toBe(1);
    });
  });
}

/** The <Code> of an S3 error answer (the distributed shape's file links are presigned S3 GETs). */
function s3ErrorCode(xml: string): string | undefined {
  try {
    return ownText(parseXmlTree(xml), 'Code');
  } catch {
    return undefined; // not an S3 error answer
  }
}

async function httpAnswer(response: Response): Promise<HttpAnswer> {
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: JSON.parse(text), text };
}

/** The consecutive of a document number such as SETP990000042. */
function consecutiveOf(documentNumber: string): number {
  return Number(/\d+$/.exec(documentNumber)![0]);
}
