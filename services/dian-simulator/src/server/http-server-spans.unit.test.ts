import type { AddressInfo } from 'node:net';
import { startInMemoryTelemetry, type InMemoryTelemetry } from '@fe/telemetry/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSimulatorServer, SERVICE_PATH } from './http-server.ts';

let telemetry: InMemoryTelemetry;
beforeAll(() => void (telemetry = startInMemoryTelemetry()));
afterAll(() => telemetry.shutdown());

describe('the SOAP endpoint', () => {
  it("answers each call in a SERVER span named after its operation, in the caller's trace", async () => {
    const server = createSimulatorServer(() => ({ status: 200, body: '<answer/>' }), {
      maxRequestBytes: 1000,
      globalFault: () => undefined,
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const answer = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}${SERVICE_PATH}`, {
      method: 'POST',
      body: '<Envelope/>',
      headers: {
        'content-type':
          'application/soap+xml;charset=UTF-8;action="http://wcf.dian.colombia/IWcfDianCustomerServices/SendBillSync"',
        traceparent: '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01',
      },
    });
    expect(answer.status).toBe(200);
    await new Promise<void>((resolve) => server.close(() => resolve()));
    expect(telemetry.spans()).toMatchObject([
      {
        name: 'DIAN SendBillSync',
        kind: 1 /* SERVER */,
        traceId: '0af7651916cd43dd8448eb211c80319c',
        parentSpanId: 'b7ad6b7169203331',
        attributes: { 'rpc.method': 'SendBillSync', 'http.response.status_code': 200 },
      },
    ]);
  });
});
