// The contingency outage probe against DIAN (the simulator) served over https with a certificate from a private CA,
// as an operator fronts it and names that CA in DIAN_CA_FILE: the probe trusts what the SOAP client trusts, so DIAN
// is up; without the CA the same endpoint cannot be reached (TLS verification is never turned off).
import { connect, type AddressInfo } from 'node:net';
import { createServer, type Server } from 'node:tls';
import { createDianOutageMonitor, dianEndpointsConfigFromEnv } from '@fe/dian-client';
import {
  ephemeralIdentity,
  parseFault,
  SERVICE_PATH,
  simulatorConfig,
  startDianSimulator,
  type DianSimulator,
} from '@fe/dian-simulator';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { makeOperatorCa } from '../test-support/operator-ca.ts';

const operatorCa = makeOperatorCa('Operador TLS de Pruebas');
let simulator: DianSimulator;
let front: Server;
let endpoint: string;

beforeAll(async () => {
  const config = simulatorConfig({ identity: ephemeralIdentity(new Date()), trustedCaPems: [] });
  simulator = await startDianSimulator(config, { port: 0 });
  // TLS in front of the simulator's plain HTTP, as a reverse proxy with the operator's certificate would be.
  front = createServer(operatorCa.issueServer('127.0.0.1'), (socket) => {
    const upstream = connect(simulator.port, '127.0.0.1');
    socket.pipe(upstream).pipe(socket);
    const end = () => (socket.destroy(), upstream.destroy());
    socket.on('error', end);
    upstream.on('error', end);
  });
  await new Promise<void>((resolve) => front.listen(0, '127.0.0.1', resolve));
  endpoint = `https://127.0.0.1:${(front.address() as AddressInfo).port}${SERVICE_PATH}`;
}, 60_000);
afterAll(async () => {
  await new Promise((resolve) => front?.close(resolve));
  await simulator?.close();
  operatorCa.close();
});

/** The monitor as a process builds it from its environment (the ingress's `config.dian`), one failure = down. */
const monitorFrom = (env: Record<string, string>) =>
  createDianOutageMonitor(dianEndpointsConfigFromEnv({ DIAN_ENDPOINT: endpoint, ...env }), {
    probeIntervalMs: 60_000,
    probeTimeoutMs: 5_000,
    outageAfter: 1,
  });

it('says DIAN is up over https when DIAN_CA_FILE names the private CA, and down when DIAN answers 503', async () => {
  const monitor = monitorFrom({ DIAN_CA_FILE: operatorCa.caFile });
  await monitor.probeNow();
  expect([monitor.isDown('2'), monitor.isDown('1')]).toEqual([false, false]);
  simulator.setGlobalFault(parseFault('http503'));
  await monitor.probeNow();
  expect(monitor.isDown('2')).toBe(true);
  simulator.setGlobalFault(undefined);
  await monitor.probeNow();
  expect(monitor.isDown('2')).toBe(false);
  await monitor.stop();
});

it('cannot reach the same endpoint without the CA: its certificate is not trusted, so DIAN counts as down', async () => {
  const monitor = monitorFrom({});
  await monitor.probeNow();
  expect(monitor.isDown('2')).toBe(true);
  await monitor.stop();
});
