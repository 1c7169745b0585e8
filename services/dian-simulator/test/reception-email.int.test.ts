// FAJ71 (a notification): the issuer's Contact/ElectronicMail must be the reception address the company registered
// at DIAN. Known here from the issuer's registration; an issuer registered without one is not checked.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDianSoapClient, packageDocument, type DianGateway } from '@fe/dian-client';
import { demoTenant } from '@fe/dian-domain';
import { demoIssuer, startDianSimulator, type DianSimulator } from '../src/index.ts';
import { signedInvoice, type InvoiceOptions } from '../test-support/invoices.ts';
import { makeWorld, type TestWorld } from '../test-support/world.ts';

const registered = 'recepcion.fe@demo.example';
let world: TestWorld;
let sim: DianSimulator;
let client: DianGateway;
beforeAll(async () => {
  world = makeWorld();
  sim = await startDianSimulator(
    world.config({ schemaValidation: 'off', issuers: [{ ...demoIssuer, receptionEmail: registered }] }),
    { port: 0 },
  );
  client = createDianSoapClient({ endpoint: sim.endpoint, credential: world.ws, timeoutMs: 20_000 });
});
afterAll(async () => {
  await sim?.close();
  world?.cleanup();
});

const answer = (options: Omit<InvoiceOptions, 'credential'>) =>
  client.sendBillSync(
    packageDocument(signedInvoice({ credential: world.tenant, ...options }).xml, { modified: new Date() }).zip,
  );
const withoutIssuerEmail = (xml: string) => {
  const contact = `<cbc:ElectronicMail>${demoTenant.email}</cbc:ElectronicMail>`;
  if (!xml.includes(contact)) throw new Error('fixture drift: the issuer contact');
  return xml.replace(contact, '');
};

describe('FAJ71, the issuer e-mail registered at DIAN', () => {
  it('is quiet when the invoice carries the registered reception e-mail (the tenant setting), in any case', async () => {
    for (const receptionEmail of [registered, 'Recepcion.FE@Demo.Example']) {
      const verdict = await answer({ tenant: { receptionEmail } });
      expect(verdict).toMatchObject({ isValid: true, statusCode: '00' });
      expect(verdict.errorMessages).toEqual([]);
    }
  });

  it('notifies FAJ71, still accepting, when the issuer e-mail is another address or missing', async () => {
    for (const options of [{}, { tenant: { email: 'otra@demo.example' } }, { mutate: withoutIssuerEmail }]) {
      const verdict = await answer(options); // the company e-mail, another one, none
      expect(verdict).toMatchObject({ isValid: true, statusCode: '00' });
      expect(verdict.errorMessages.map((m) => [m.rule, m.effect])).toEqual([['FAJ71', 'notification']]);
      expect(verdict.applicationResponseXml).toContain('<cbc:ResponseCode>FAJ71</cbc:ResponseCode>');
    }
  });
});
