// A send's deadline (transport.ts `deadline`): the submitter's claim on a document outlasts it, so a process that
// stalls past it (CPU starved, stopped) must not write the document when it wakes: another instance may own it by then.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, expect, it } from 'vitest';
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

/** A server answering 200 at once; counts the bytes it was sent on any connection. */
async function serve(): Promise<{ url: URL; bytes: () => number }> {
  let bytes = 0;
  server = createServer((req, res) => req.resume().on('end', () => res.end('<ok/>')));
  server.on('connection', (socket) => socket.on('data', (chunk: Buffer) => (bytes += chunk.length)));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: new URL(`http://127.0.0.1:${(server.address() as AddressInfo).port}/svc`), bytes: () => bytes };
}

const options = { timeoutMs: 5_000, connectTimeoutMs: 5_000, maxResponseBytes: 1 << 20 };
const block = (ms: number) => {
  const until = performance.now() + ms;
  while (performance.now() < until); // the whole process stalls, timers and sockets included
};
const settle = () => new Promise((resolve) => setTimeout(resolve, 100));

it('a deadline already passed: nothing is written, TIMEOUT with the outcome known (not sent)', async () => {
  const { url, bytes } = await serve();
  await expect(postSoap(url, soap, { ...options, deadline: performance.now() - 1 })).rejects.toMatchObject({
    code: 'TIMEOUT',
    outcomeUnknown: false,
  });
  await settle();
  expect(bytes()).toBe(0);
});

it('a process stalled between the call and its connection, past the deadline, writes nothing when it wakes', async () => {
  const { url, bytes } = await serve();
  const call = postSoap(url, soap, { ...options, deadline: performance.now() + 50 });
  block(200);
  await expect(call).rejects.toMatchObject({ code: 'TIMEOUT', outcomeUnknown: false });
  await settle();
  expect(bytes()).toBe(0);
});

it('on a kept-alive connection too: a stall past the deadline before the socket is handed over sends nothing', async () => {
  const { url, bytes } = await serve();
  const agent = connectionAgent(url, 5_000);
  await postSoap(url, soap, { ...options, agent }); // the connection is now open and idle
  const before = bytes();
  const call = postSoap(url, soap, { ...options, agent, deadline: performance.now() + 50 });
  block(200);
  await expect(call).rejects.toMatchObject({ code: 'TIMEOUT', outcomeUnknown: false });
  await settle();
  expect(bytes()).toBe(before);
  agent.destroy();
});

it('within its deadline the call is made and answered; the deadline cuts a call that outlives it', async () => {
  const { url } = await serve();
  expect(await postSoap(url, soap, { ...options, deadline: performance.now() + 2_000 })).toMatchObject({ status: 200 });
  server.removeAllListeners('request');
  server.on('request', () => undefined); // never answers
  const started = performance.now();
  await expect(postSoap(url, soap, { ...options, deadline: started + 150 })).rejects.toMatchObject({
    code: 'TIMEOUT',
    outcomeUnknown: true,
  });
  expect(performance.now() - started).toBeLessThan(1_000);
});
