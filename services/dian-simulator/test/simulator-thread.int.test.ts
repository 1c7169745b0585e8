// The simulator on its own thread (the embedded default's DIAN): the same contract over loopback,
// controlled by messages; a crash is reported once, a close is not.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createDianSoapClient } from '@fe/dian-client';
import { packageForTest } from '@fe/dian-client/testing';
import { startDianSimulatorThread, type DianSimulatorThread } from '../src/index.ts';
import { signedInvoice } from '../test-support/invoices.ts';
import { makeWorld, type TestWorld } from '../test-support/world.ts';

let world: TestWorld;
beforeAll(() => void (world = makeWorld()));
afterAll(() => world?.cleanup());

const threadConfig = () => {
  const { now: _wallClock, ...config } = world.config();
  return config;
};

it('judges a document on its thread, counts it, applies a global fault, and closes without reporting a stop', async () => {
  const stops: string[] = [];
  const sim: DianSimulatorThread = await startDianSimulatorThread(
    threadConfig(),
    { port: 0 },
    { onStopped: (reason) => stops.push(reason) },
  );
  try {
    const client = createDianSoapClient({ endpoint: sim.endpoint, credential: world.ws, timeoutMs: 20_000 });
    const invoice = signedInvoice({ credential: world.tenant });
    expect((await client.sendBillSync(packageForTest(invoice.xml, new Date()).zip)).statusCode).toBe('00');
    expect(await sim.timesReceived(invoice.cufe)).toBe(1);
    await sim.setGlobalFault({ kind: 'http503' });
    await expect(client.getStatus(invoice.cufe)).rejects.toMatchObject({ code: 'HTTP_503' });
    await sim.setGlobalFault(undefined);
    expect((await client.getStatus(invoice.cufe)).statusCode).toBe('00');
  } finally {
    await sim.close();
  }
  expect(stops).toEqual([]);
});

it("plays an invoice's buyer and moves the event rules' today by messages", async () => {
  const sim = await startDianSimulatorThread(threadConfig(), { port: 0 });
  try {
    const client = createDianSoapClient({ endpoint: sim.endpoint, credential: world.ws, timeoutMs: 20_000 });
    const invoice = signedInvoice({ credential: world.tenant });
    await client.sendBillSync(packageForTest(invoice.xml, new Date()).zip);
    const played = await sim.playBuyer(invoice.cufe, { eventCode: '030' });
    expect(played).toMatchObject({ ok: true, response: { statusCode: '00' } });
    expect((await client.getStatusEvent(invoice.cufe)).events?.map((e) => e.eventCode)).toEqual(['030']);
    await sim.setToday('2030-01-02');
    await expect(sim.setToday('2030-02-30')).rejects.toThrow(/YYYY-MM-DD/);
    await sim.setToday(undefined);
  } finally {
    await sim.close();
  }
});

it('reports a thread that dies once, and control calls fail afterwards', async () => {
  const stops: string[] = [];
  const sim = await startDianSimulatorThread(
    threadConfig(),
    { port: 0 },
    {
      onStopped: (reason) => stops.push(reason),
      workerUrl: new URL('../test-support/crashing-simulator-thread.ts', import.meta.url),
    },
  );
  await new Promise((resolve) => setTimeout(resolve, 300));
  expect(stops).toEqual(['the simulator thread exited (code 3)']);
  await expect(sim.timesReceived('x')).rejects.toThrow(/exited/);
  await sim.close(); // nothing left to close: no error
});
