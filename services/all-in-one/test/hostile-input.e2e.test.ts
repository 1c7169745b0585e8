/* eslint-disable @typescript-eslint/no-explicit-any -- JSON answers are checked field by field */
// Hostile bodies on the whole embedded service: each is refused with a code, the field at fault and a 4xx, or read
// as the client declared it; none costs the service more than its limits.
import { connect } from 'node:net';
import { errorBodySchema } from '@fe/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exampleRequest, startWorld, type World } from '../test-support/world.ts';

let world: World;
beforeAll(async () => {
  world = await startWorld();
});
afterAll(async () => world?.close());

type Answer = { status: number; headers: Headers; body: any; text: string };

async function post(path: string, body: string | Buffer, headers: Record<string, string>): Promise<Answer> {
  const response = await fetch(`${world.url}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${world.apiKey}`, 'content-type': 'application/json', ...headers },
    body,
  });
  const text = await response.text();
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = undefined;
  }
  return { status: response.status, headers: response.headers, body: parsed, text };
}

function expectError(answer: Answer, status: number, code: string, path?: string): void {
  expect({ status: answer.status, code: answer.body?.error?.code }).toEqual({ status, code });
  expect(errorBodySchema.safeParse(answer.body).success).toBe(true);
  if (path !== undefined) expect(answer.body.error.details.map((d: any) => d.path)).toContain(path);
}

/**
 * A raw POST declaring `declared` body bytes, written as fast as the server takes them: the status line it got, the
 * bytes the server took before it closed the connection, and when.
 */
function flood(headers: string, declared: number): Promise<{ statusLine: string; accepted: number; ms: number }> {
  const url = new URL(world.url);
  const started = Date.now();
  return new Promise((resolve) => {
    const socket = connect(Number(url.port), url.hostname);
    let answer = '';
    let accepted = 0;
    const chunk = Buffer.alloc(64 * 1024, 32);
    socket.on('data', (data) => (answer += data.toString('latin1')));
    socket.on('error', () => undefined);
    socket.on('close', () => resolve({ statusLine: answer.split('\r\n')[0]!, accepted, ms: Date.now() - started }));
    socket.setTimeout(15_000, () => socket.destroy());
    socket.write(
      `POST /api/v1/service/invoice HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n` +
        `Content-Length: ${declared}\r\n${headers}\r\n`,
    );
    const pump = () => {
      while (!socket.destroyed && accepted < declared) {
        accepted += chunk.length;
        if (!socket.write(chunk)) return void socket.once('drain', pump);
      }
    };
    pump();
  });
}

describe('nesting', () => {
  const deep = '['.repeat(3000) + ']'.repeat(3000);
  it('400 JSON_TOO_DEEP for a body nested 3,000 deep, with an Idempotency-Key or without', async () => {
    expectError(await post('/api/v1/service/invoice', deep, { 'idempotency-key': 'deep-1' }), 400, 'JSON_TOO_DEEP', '');
    expectError(await post('/api/v1/service/invoice', deep, {}), 400, 'JSON_TOO_DEEP', '');
    const object = '{"a":'.repeat(3000) + '1' + '}'.repeat(3000);
    expectError(await post('/api/v1/service/invoice', object, { 'idempotency-key': 'deep-2' }), 400, 'JSON_TOO_DEEP');
  });
});

describe('charsets', () => {
  const named = { ...exampleRequest, customer: { ...exampleRequest.customer, name: 'José Peña' } };

  it('reads a body declared ISO-8859-1 as such: the signed invoice names "José Peña"', async () => {
    const answer = await post('/api/v1/service/invoice', Buffer.from(JSON.stringify(named), 'latin1'), {
      'content-type': 'application/json; charset=ISO-8859-1',
    });
    expect(answer.status).toBe(201);
    const xml = await (await fetch(answer.body.xml_url)).text();
    expect(xml).toContain('José Peña');
    expect(xml).not.toContain('\uFFFD');
  });

  it('415 UNSUPPORTED_MEDIA_TYPE naming Content-Type for any other charset, and nothing is numbered', async () => {
    const before = (await world.embedded.statusStore.all()).length;
    for (const charset of ['utf-16', 'utf-32', 'shift_jis', '"bogus"']) {
      const answer = await post('/api/v1/service/invoice', JSON.stringify(named), {
        'content-type': `application/json; charset=${charset}`,
      });
      expectError(answer, 415, 'UNSUPPORTED_MEDIA_TYPE', 'Content-Type');
    }
    expect((await world.embedded.statusStore.all()).length).toBe(before);
  });

  it('400 MALFORMED_JSON for bytes that are not UTF-8 in a UTF-8 body, instead of signing U+FFFD', async () => {
    const answer = await post('/api/v1/service/invoice', Buffer.from(JSON.stringify(named), 'latin1'), {
      'content-type': 'application/json; charset=utf-8',
    });
    expectError(answer, 400, 'MALFORMED_JSON', 'Content-Type');
  });
});

describe('what an error repeats', () => {
  it('a 1 MB key name is cut, not echoed', async () => {
    const answer = await post('/api/v1/service/invoice', JSON.stringify({ ['k'.repeat(1_000_000)]: 1 }), {});
    expectError(answer, 400, 'VALIDATION_ERROR');
    expect(answer.text.length).toBeLessThan(4_000);
  });

  it('50,000 unknown keys list 50 details and say how many more were left out', async () => {
    const many = Object.fromEntries(Array.from({ length: 50_000 }, (_, i) => [`k${i}`, 1]));
    const answer = await post('/api/v1/service/invoice', JSON.stringify(many), {});
    expectError(answer, 400, 'VALIDATION_ERROR');
    expect(answer.body.error.details).toHaveLength(51);
    expect(answer.body.error.details.at(-1).message).toMatch(/^\d+ errores más omitidos$/);
    expect(answer.text.length).toBeLessThan(10_000);
  });
});

describe('bodies the service will not read', () => {
  const fifty = 50 * 1024 * 1024;
  it('an anonymous 50 MB POST gets its 401 and the connection closes without the body being read', async () => {
    const result = await flood('', fifty);
    expect(result.statusLine).toBe('HTTP/1.1 401 Unauthorized');
    expect(result.ms).toBeLessThan(3000);
    expect(result.accepted).toBeLessThan(fifty / 2);
  });

  it('a Content-Length over the limit is 413 at once, and the connection closes', async () => {
    const result = await flood(`Authorization: Bearer ${world.apiKey}\r\n`, fifty);
    expect(result.statusLine).toBe('HTTP/1.1 413 Payload Too Large');
    expect(result.ms).toBeLessThan(3000);
    expect(result.accepted).toBeLessThan(fifty / 2);
  });

  it('keeps serving on a fresh connection', async () => {
    expect((await world.get('/api/v1/service/status/' + '0'.repeat(96))).status).toBe(404);
  });
});

describe('an Idempotency-Key belongs to one endpoint', () => {
  it("a credit note's key sent again to /debit-note with the same body is 422 IDEMPOTENCY_KEY_REUSED", async () => {
    const invoice = (await world.post(exampleRequest)).body;
    expect(invoice.status).toBe('accepted');
    const body = JSON.stringify({
      invoice: { cufe: invoice.cufe },
      concept: '1',
      lines: [{ code: 'SRV-001', name: 'Consultoría', quantity: 1, unit_price: 1000, taxes: [] }],
    });
    const headers = { 'idempotency-key': 'note-key-1', prefer: 'wait=0' };
    const credit = await post('/api/v1/service/credit-note', body, headers);
    expect([201, 202]).toContain(credit.status);
    const debit = await post('/api/v1/service/debit-note', body, headers);
    expectError(debit, 422, 'IDEMPOTENCY_KEY_REUSED', 'Idempotency-Key');
    expect((await post('/api/v1/service/credit-note', body, headers)).body.cufe).toBe(credit.body.cufe);
  });
});

describe('product rules', () => {
  it('a buyer name of only invisible characters is 400 VALIDATION_ERROR naming customer.name', async () => {
    const body = { ...exampleRequest, customer: { ...exampleRequest.customer, name: '\u200b\u200b' } };
    expectError(
      await post('/api/v1/service/invoice', JSON.stringify(body), {}),
      400,
      'VALIDATION_ERROR',
      'customer.name',
    );
  });

  it('NIT 0000000 is 400 NIT_INVALID naming customer.document_number', async () => {
    const body = { ...exampleRequest, customer: { ...exampleRequest.customer, document_number: '0000000' } };
    expectError(
      await post('/api/v1/service/invoice', JSON.stringify(body), {}),
      400,
      'NIT_INVALID',
      'customer.document_number',
    );
  });

  it('credit and debit notes of 0.00 are 422 NOTE_AMOUNT_ZERO naming the lines', async () => {
    const invoice = (await world.post(exampleRequest)).body;
    const body = JSON.stringify({
      invoice: { cufe: invoice.cufe },
      concept: '1',
      lines: [{ code: 'SRV-001', name: 'Consultoría', quantity: 1, unit_price: 0, taxes: [] }],
    });
    for (const kind of ['credit', 'debit'])
      expectError(await post(`/api/v1/service/${kind}-note`, body, {}), 422, 'NOTE_AMOUNT_ZERO', 'lines');
  });
});
