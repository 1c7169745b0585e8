// SIM-CONT01 (a notification): a contingency invoice (type 04) DIAN receives more than 48 hours after its issue
// (docs/contingency.md). Only that document, only that late, gets the code; it is still accepted.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDianSoapClient } from '@fe/dian-client';
import { packageForTest } from '@fe/dian-client/testing';
import { startDianSimulator } from '../src/index.ts';
import { signedInvoice } from '../test-support/invoices.ts';
import { makeWorld, type TestWorld } from '../test-support/world.ts';

const HOUR = 3_600_000;
let world: TestWorld;
beforeAll(() => {
  world = makeWorld();
});
afterAll(() => world?.cleanup());

const type04 = (xml: string) => {
  const ordinary = '<cbc:InvoiceTypeCode>01</cbc:InvoiceTypeCode>';
  if (!xml.includes(ordinary)) throw new Error('fixture drift: the invoice type');
  return xml.replace(ordinary, '<cbc:InvoiceTypeCode>04</cbc:InvoiceTypeCode>');
};

/** DIAN's findings for one invoice received `hoursLater` after now (its issue instant). */
async function findings(hoursLater: number, mutate?: (xml: string) => string) {
  // DIAN's clock and the caller's, whose WS-Security timestamp DIAN checks, both moved on.
  const now = () => new Date(Date.now() + hoursLater * HOUR);
  const sim = await startDianSimulator(world.config({ schemaValidation: 'off', now }), { port: 0 });
  try {
    const client = createDianSoapClient({ endpoint: sim.endpoint, credential: world.ws, timeoutMs: 20_000, now });
    const xml = signedInvoice({ credential: world.tenant, ...(mutate ? { mutate } : {}) }).xml;
    const verdict = await client.sendBillSync(packageForTest(xml, new Date()).zip);
    return { statusCode: verdict.statusCode, rules: verdict.errorMessages.map((m) => [m.rule, m.effect]) };
  } finally {
    await sim.close();
  }
}

describe('SIM-CONT01, a contingency invoice past its 48 hours', () => {
  it('notifies a type 04 received 49 hours after its issue, still accepting it', async () => {
    expect(await findings(49, type04)).toEqual({ statusCode: '00', rules: [['SIM-CONT01', 'notification']] });
  });

  it('is quiet for a type 04 within its 48 hours, and for an ordinary invoice as late', async () => {
    expect(await findings(47, type04)).toEqual({ statusCode: '00', rules: [] });
    expect(await findings(49)).toEqual({ statusCode: '00', rules: [] });
  });
});
