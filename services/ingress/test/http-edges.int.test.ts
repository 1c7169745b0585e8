// The HTTP edges below the routes, over a real loopback socket: slow clients cut off by the request,
// header and keep-alive timeouts; connections past the cap closed; what Node's parser refuses answered
// with the API's one error body and a request id; a client that hangs up logged as what it is.
// Every limit is configured small; no test asserts how long anything took, only that it ended.
import { errorBodySchema } from '@fe/contracts';
import { connect, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { exchange, GOOD_KEY, serve, type RawAnswer, type Served } from '../test-support/http-app-on-a-port.ts';

let served: Served | undefined;
afterEach(async () => {
  await served?.close();
  served = undefined;
});

/** Bounds a test that would otherwise wait for ever on a server that never cuts the client off. */
const NEVER = 10_000;

function expectErrorBody(answer: RawAnswer, status: number, code: string): void {
  expect({ status: answer.status, code: answer.body?.error?.code }).toEqual({ status, code });
  expect(errorBodySchema.safeParse(answer.body).success).toBe(true);
  expect(answer.body.request_id).toMatch(/^req_/);
  expect(answer.headers['x-request-id']).toBe(answer.body.request_id);
}

describe('slow clients', () => {
  const head = (length: number) =>
    `POST /api/v1/echo HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${GOOD_KEY}\r\nContent-Type: application/json\r\nContent-Length: ${length}\r\n\r\n`;

  it('a body that stops coming is cut off after the request timeout: 408 REQUEST_TIMEOUT, connection closed', async () => {
    served = await serve({ FE_REQUEST_TIMEOUT_MS: '300', FE_HEADERS_TIMEOUT_MS: '200' });
    const answer = await exchange(served.port, (socket) => socket.write(`${head(100)}{"a":`), { idleMs: NEVER });
    expect(answer.closed).toBe(true);
    expectErrorBody(answer, 408, 'REQUEST_TIMEOUT');
  });

  it('a body that trickles in, a byte at a time, is cut off all the same', async () => {
    served = await serve({ FE_REQUEST_TIMEOUT_MS: '300', FE_HEADERS_TIMEOUT_MS: '200' });
    const answer = await exchange(
      served.port,
      (socket) => {
        socket.write(head(1000));
        const drip = setInterval(() => (socket.writable ? socket.write(' ') : clearInterval(drip)), 20);
        socket.on('close', () => clearInterval(drip));
      },
      { idleMs: NEVER },
    );
    expect(answer.closed).toBe(true);
    expectErrorBody(answer, 408, 'REQUEST_TIMEOUT');
  });

  it('headers that stop coming are cut off after the headers timeout', async () => {
    served = await serve({ FE_REQUEST_TIMEOUT_MS: '5000', FE_HEADERS_TIMEOUT_MS: '200' });
    const answer = await exchange(served.port, 'GET /open HTTP/1.1\r\nHost: x\r\n', { idleMs: NEVER });
    expect(answer.closed).toBe(true);
    expectErrorBody(answer, 408, 'REQUEST_TIMEOUT');
  });

  it('an idle keep-alive connection is closed after the keep-alive timeout', async () => {
    served = await serve({ FE_KEEP_ALIVE_TIMEOUT_MS: '200' });
    const answer = await exchange(served.port, 'GET /open HTTP/1.1\r\nHost: x\r\n\r\n', { idleMs: NEVER });
    expect(answer.status).toBe(200);
    expect(answer.closed).toBe(true);
  });

  it('the time the service takes to answer is not counted: a slow answer to a prompt request is sent', async () => {
    served = await serve({ FE_REQUEST_TIMEOUT_MS: '200', FE_HEADERS_TIMEOUT_MS: '200' });
    const answer = await exchange(
      served.port,
      `GET /api/v1/slow?ms=800 HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${GOOD_KEY}\r\nConnection: close\r\n\r\n`,
      { idleMs: NEVER },
    );
    expect({ status: answer.status, body: answer.body }).toEqual({ status: 200, body: { slow: true } });
  });

  it('a request that arrives in time is served as usual', async () => {
    served = await serve({ FE_REQUEST_TIMEOUT_MS: '5000', FE_HEADERS_TIMEOUT_MS: '5000' });
    const answer = await exchange(served.port, `${head(7).replace('Host: x', 'Host: x\r\nConnection: close')}{"a":1}`, {
      idleMs: NEVER,
    });
    expect({ status: answer.status, body: answer.body }).toEqual({ status: 200, body: { received: { a: 1 } } });
  });
});

describe('the connection cap', () => {
  it('closes connections past FE_MAX_CONNECTIONS at once, and takes new ones when one is gone', async () => {
    served = await serve({ FE_MAX_CONNECTIONS: '2', FE_KEEP_ALIVE_TIMEOUT_MS: '30000' });
    const port = served.port;
    // Two connections the server has accepted and keeps alive (each has had its answer).
    const held = await Promise.all([0, 1].map(() => holdOpen(port)));
    const refused = await exchange(port, 'GET /open HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n', {
      idleMs: NEVER,
    });
    expect({ closed: refused.closed, status: refused.status }).toEqual({ closed: true, status: undefined });

    held[0]!.destroy();
    await until(async () => (await connectionsOf(served!)) < 2);
    const served2 = await exchange(port, 'GET /open HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n', {
      idleMs: NEVER,
    });
    expect(served2.status).toBe(200);
    held[1]!.destroy();
  });
});

describe("what Node's HTTP layer refuses, in the API's error body", () => {
  const cases: [string, string, number, string][] = [
    [
      'headers over the limit',
      `GET /open HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
      431,
      'HEADERS_TOO_LARGE',
    ],
    ['a bad method in the request line', 'G(T /open HTTP/1.1\r\nHost: x\r\n\r\n', 400, 'MALFORMED_REQUEST_LINE'],
    ['a bad HTTP version', 'GET /open HTTP/7.1\r\nHost: x\r\n\r\n', 400, 'MALFORMED_REQUEST_LINE'],
    [
      'Content-Length with Transfer-Encoding',
      `POST /api/v1/echo HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${GOOD_KEY}\r\nContent-Type: application/json\r\nContent-Length: 7\r\nTransfer-Encoding: chunked\r\n\r\n7\r\n{"a":1}\r\n0\r\n\r\n`,
      400,
      'MALFORMED_BODY_FRAMING',
    ],
    [
      'a Content-Length that is not a number',
      'POST /api/v1/echo HTTP/1.1\r\nHost: x\r\nContent-Length: 7x\r\n\r\n{"a":1}',
      400,
      'MALFORMED_BODY_FRAMING',
    ],
    ['a header name with a space', 'GET /open HTTP/1.1\r\nHost: x\r\nBad Header: y\r\n\r\n', 400, 'MALFORMED_HTTP'],
    ['an HTTP/1.1 request without Host', 'GET /open HTTP/1.1\r\nConnection: close\r\n\r\n', 400, 'MALFORMED_HTTP'],
    [
      'an Expect other than 100-continue',
      'GET /open HTTP/1.1\r\nHost: x\r\nExpect: 200-ok\r\n\r\n',
      417,
      'EXPECTATION_FAILED',
    ],
  ];
  for (const [what, request, status, code] of cases) {
    it(`${what}: ${status} ${code}, request id, connection closed`, async () => {
      served ??= await serve();
      const answer = await exchange(served.port, request, { idleMs: NEVER });
      expectErrorBody(answer, status, code);
      expect(answer.closed).toBe(true);
      // Logged with its request id, at info: a client's mistake is not an error of the service.
      expect(served.logs.some((line) => line.includes(answer.body.request_id) && line.includes('"level":30'))).toBe(
        true,
      );
      expect(served.logs.filter((line) => /"level":(40|50)/.test(line))).toEqual([]);
    });
  }
});

describe('a client that hangs up', () => {
  it('mid-body is logged at info as a disconnect, not as a failed request', async () => {
    served = await serve();
    await exchange(
      served.port,
      (socket) => {
        socket.write(
          `POST /api/v1/echo HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${GOOD_KEY}\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"a":`,
        );
        setTimeout(() => socket.resetAndDestroy(), 50);
      },
      { idleMs: NEVER },
    );
    const said = 'client disconnected before the request was read';
    await until(async () => served!.logs.some((line) => line.includes(said)));
    const lines = served.logs.map((line) => JSON.parse(line) as { level: number; msg: string; req_id?: string });
    expect(lines.filter((line) => line.level >= 40)).toEqual([]);
    expect(lines.find((line) => line.msg === said)).toMatchObject({
      level: 30,
      req_id: expect.stringMatching(/^req_/),
    });
  });
});

/** A keep-alive connection that has had one answer, so the server has surely accepted and counted it. */
function holdOpen(port: number): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: '127.0.0.1', port });
    socket.on('connect', () => socket.write('GET /open HTTP/1.1\r\nHost: x\r\n\r\n'));
    socket.once('data', () => resolve(socket));
    socket.on('error', reject);
  });
}

function connectionsOf(s: Served): Promise<number> {
  return new Promise((resolve, reject) =>
    s.app.server.getConnections((error, count) => (error ? reject(error) : resolve(count))),
  );
}

/** Polls `condition` until it holds (bounded, so a broken server fails the test rather than hanging it). */
async function until(condition: () => Promise<boolean>): Promise<void> {
  for (let i = 0; i < 200; i++) {
    if (await condition()) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error('condition never held');
}
