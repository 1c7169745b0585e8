// Keep-alive connections to DIAN (transport.ts): calls reuse one connection, and a call that times
// out on a reused connection is still "outcome unknown" (the request may have been processed), so
// the submitter reconciles with GetStatus before any resend.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, expect, it } from 'vitest';
import { DianClientError } from '../src/index.ts';
import { connectionAgent, postSoap } from '../src/dian-soap/transport.ts';

const soap = { body: '<Envelope/>', contentType: 'application/soap+xml', action: 'SendBillSync' };
let server: Server;
afterEach(
  () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
);

/** A server that answers each request with `answer(n)`, n counting from 1; counts TCP connections. */
async function serve(
  answer: (n: number, res: ServerResponse) => void,
): Promise<{ url: URL; connections: () => number }> {
  let requests = 0;
  let connections = 0;
  server = createServer((req: IncomingMessage, res) => req.resume().on('end', () => answer(++requests, res)));
  server.on('connection', () => connections++);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: new URL(`http://127.0.0.1:${(server.address() as AddressInfo).port}/svc`),
    connections: () => connections,
  };
}

const options = (agent?: ReturnType<typeof connectionAgent>) => ({
  timeoutMs: 500,
  connectTimeoutMs: 500,
  maxResponseBytes: 1 << 20,
  agent,
});
const ok = (_n: number, res: ServerResponse) => void res.writeHead(200).end('<ok/>');

it('calls through one agent reuse a single connection; without one, each call connects', async () => {
  const { url, connections } = await serve(ok);
  const agent = connectionAgent(url, 4000);
  for (let i = 0; i < 3; i++) expect((await postSoap(url, soap, options(agent))).status).toBe(200);
  expect(connections()).toBe(1);
  for (let i = 0; i < 2; i++) await postSoap(url, soap, options());
  expect(connections()).toBe(3);
  agent.destroy();
});

it('a timeout on a reused connection is TIMEOUT with the outcome unknown', async () => {
  // the second is never answered
  const { url, connections } = await serve((n, res) => (n === 1 ? ok(n, res) : undefined));
  const agent = connectionAgent(url, 4000);
  await postSoap(url, soap, options(agent));
  const error = await postSoap(url, soap, options(agent)).catch((e: unknown) => e);
  expect(connections()).toBe(1);
  expect(error).toBeInstanceOf(DianClientError);
  expect(error).toMatchObject({ code: 'TIMEOUT', retriable: true, outcomeUnknown: true });
  agent.destroy();
});
