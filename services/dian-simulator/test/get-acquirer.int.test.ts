// GetAcquirer over loopback HTTP with our client: a registered buyer's address, and the answer for an unknown one.
import { createDianSoapClient, type DianGateway } from '@fe/dian-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoAcquirer, startDianSimulator, type DianSimulator } from '../src/index.ts';
import { makeWorld, type TestWorld } from '../test-support/world.ts';

let world: TestWorld;
let sim: DianSimulator;
let client: DianGateway;
beforeAll(async () => {
  world = makeWorld();
  sim = await startDianSimulator(world.config(), { port: 0 });
  client = createDianSoapClient({ endpoint: sim.endpoint, credential: world.ws, timeoutMs: 20_000 });
});
afterAll(async () => {
  await sim?.close();
  world?.cleanup();
});

describe('GetAcquirer', () => {
  it("answers a registered buyer's name and reception email, StatusCode 200", async () => {
    expect(
      await client.getAcquirer({ identificationType: '31', identificationNumber: demoAcquirer.identificationNumber }),
    ).toEqual({
      statusCode: '200',
      message: 'Acción completada OK.',
      receiverName: demoAcquirer.name,
      receiverEmail: demoAcquirer.email,
    });
  });

  it('answers 404 without an address for a buyer it does not know', async () => {
    expect(await client.getAcquirer({ identificationType: '13', identificationNumber: '1020304050' })).toMatchObject({
      statusCode: '404',
      receiverEmail: undefined,
    });
  });
});
