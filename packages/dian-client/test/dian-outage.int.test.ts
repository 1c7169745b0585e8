// The outage probe against a real HTTP server playing DIAN's answers (docs/contingency.md): a SOAP refusal is DIAN
// present; an error page, silence or a closed port is an outage's failure; the monitor counts them in a row.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DianOutageMonitor, probeDian } from '../src/index.ts';

const fault =
  '<s:Envelope xmlns:s="http://www.w3.org/2003/05/soap-envelope"><s:Body><s:Fault><s:Code><s:Value>s:Sender</s:Value>' +
  '</s:Code></s:Fault></s:Body></s:Envelope>';
let answer: 'soap' | 'http503' | 'silent' = 'soap';
let server: Server;
let endpoint: string;
beforeAll(async () => {
  server = createServer((req, res) => {
    req.resume();
    if (answer === 'soap') res.writeHead(500, { 'content-type': 'application/soap+xml' }).end(fault);
    else if (answer === 'http503')
      res.writeHead(503, { 'content-type': 'text/html' }).end('<h1>Service Unavailable</h1>');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}/WcfDianCustomerServices.svc`;
});
afterAll(() => new Promise((resolve) => server.closeAllConnections() ?? server.close(resolve)));

it('counts a SOAP refusal as an answer, and an error page, silence or a closed port as a failure', async () => {
  answer = 'soap';
  expect(await probeDian(endpoint, { timeoutMs: 2000 })).toBe('answered');
  answer = 'http503';
  expect(await probeDian(endpoint, { timeoutMs: 2000 })).toBe('failed');
  answer = 'silent';
  expect(await probeDian(endpoint, { timeoutMs: 300 })).toBe('failed');
  expect(await probeDian('http://127.0.0.1:1/WcfDianCustomerServices.svc', { timeoutMs: 2000 })).toBe('failed');
});

it('is down after the configured failures in a row and up at the first answer, telling each change once', async () => {
  const changes: boolean[] = [];
  const monitor = new DianOutageMonitor({
    endpoints: { habilitacion: endpoint, production: endpoint },
    intervalMs: 60_000,
    outageAfter: 2,
    probe: (url) => probeDian(url, { timeoutMs: 1000 }),
    onChange: (_url, down) => changes.push(down),
  });
  answer = 'http503';
  await monitor.probeNow();
  expect(monitor.isDown('2')).toBe(false);
  await monitor.probeNow();
  expect([monitor.isDown('2'), monitor.isDown('1')]).toEqual([true, true]);
  await monitor.probeNow();
  answer = 'soap';
  await monitor.probeNow();
  expect(monitor.isDown('2')).toBe(false);
  expect(changes).toEqual([true, false]);
  await monitor.stop();
});
