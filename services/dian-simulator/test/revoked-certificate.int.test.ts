// ZD04: a document signed with a certificate its CA revoked. A real local CA (openssl ca) issues the signing
// certificate; its CRL, added to the simulator's trust list beside the CA, revokes it. The document is signed here
// directly, as a product that skipped its own revocation check would; nothing else in it is wrong.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDianSoapClient, type DianGateway } from '@fe/dian-client';
import { packageForTest } from '@fe/dian-client/testing';
import { demoTenant } from '@fe/dian-domain';
import { loadP12, type SigningCredential } from '@fe/xades';
import { startRevocationCa, type RevocationCa } from '@fe/xades/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addRevocationList, addToTrustFolder, startDianSimulator, type DianSimulator } from '../src/index.ts';
import { signedInvoice } from '../test-support/invoices.ts';
import { makeWorld, type TestWorld } from '../test-support/world.ts';

let world: TestWorld;
let dir: string;
let ca: RevocationCa;
let sim: DianSimulator;
let client: DianGateway;
let trustFolder: string;
beforeAll(async () => {
  world = makeWorld();
  dir = mkdtempSync(join(tmpdir(), 'dian-sim-zd04-'));
  ca = await startRevocationCa(join(dir, 'ca'));
  trustFolder = join(dir, 'trust');
  addToTrustFolder(trustFolder, ca.caPem);
  sim = await startDianSimulator(world.config({ schemaValidation: 'off', trustFolder }), { port: 0 });
  client = createDianSoapClient({ endpoint: sim.endpoint, credential: world.ws, timeoutMs: 20_000 });
}, 60_000);
afterAll(async () => {
  await sim?.close();
  await ca?.stop();
  world?.cleanup();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const credentialOf = (issued: { p12: Buffer; password: string }): SigningCredential =>
  loadP12(issued.p12, issued.password, new Date());
const send = (credential: SigningCredential) =>
  client.sendBillSync(packageForTest(signedInvoice({ credential }).xml, new Date()).zip);

describe('ZD04, a certificate its CA revoked', { timeout: 60_000 }, () => {
  it('accepts a document its certificate signed while no list of the CA revokes it', async () => {
    const verdict = await send(credentialOf(ca.issue('vigente', demoTenant.nit)));
    expect(verdict).toMatchObject({ isValid: true, statusCode: '00' });
  });

  it('rejects with ZD04 alone once the CA revoked it, its CRL on the trust list (within a second, no restart)', async () => {
    const issued = ca.issue('revocado', demoTenant.nit);
    const credential = credentialOf(issued);
    expect(await send(credential)).toMatchObject({ isValid: true });
    ca.revoke(issued.serialHex);
    addRevocationList(trustFolder, Buffer.from(ca.crlPem()));
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    const verdict = await send(credential);
    expect(verdict).toMatchObject({ isValid: false });
    expect(verdict.errorMessages.map((m) => [m.rule, m.effect])).toEqual([['ZD04', 'rejection']]);
    expect(verdict.errorMessages[0]!.message).toContain('revocado');
    // the other certificates of the same CA are untouched
    expect(await send(credentialOf(ca.issue('otro', demoTenant.nit)))).toMatchObject({ isValid: true });
  });

  it('ignores a list no trusted CA signed, and refuses to put it on the trust list', async () => {
    const other = await startRevocationCa(join(dir, 'otra'));
    try {
      expect(() => addRevocationList(trustFolder, Buffer.from(other.crlPem()))).toThrowError(
        expect.objectContaining({ code: 'TRUST_CRL_UNKNOWN_CA' }) as Error,
      );
    } finally {
      await other.stop();
    }
  });
});
