// The tenant directory asks the certificate's CA (a real local one: openssl ca, its CRL and OCSP on loopback) at
// upload and before each use: a revoked certificate is never stored, and one revoked after its upload stops signing
// once the cached answer ends; an unreachable CA lets it sign (soft-fail).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { demoResolution, demoSoftware, demoTenant } from '@fe/dian-domain';
import { createRevocationChecker, XadesError } from '@fe/xades';
import { startRevocationCa, type RevocationCa } from '@fe/xades/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SqliteTenantDirectory } from '../adapters/sqlite-tenant-directory.ts';
import { certificateRevoked } from './revoked.ts';

let dir: string;
let ca: RevocationCa;
let clock = Date.now();
const now = () => new Date(clock);
const directory = new SqliteTenantDirectory({
  path: ':memory:',
  masterKey: new Uint8Array(32).fill(7),
  revocation: createRevocationChecker({ goodForMs: 60_000, now }),
});
const codeOf = (promise: Promise<unknown>) =>
  promise.then(
    () => 'stored',
    (error: unknown) => (error instanceof XadesError ? error.code : String(error)),
  );

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'fe-tenancy-revocation-'));
  ca = await startRevocationCa(dir);
  await directory.createTenant({
    tenant: { ...demoTenant, id: 'acme' },
    environment: '2',
    software: demoSoftware,
    resolutions: [demoResolution],
  });
}, 60_000);
afterAll(async () => {
  await directory.close();
  await ca?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('revocation in the tenant directory', { timeout: 60_000 }, () => {
  it('refuses to store a revoked certificate (CERT_REVOKED), keeping none', async () => {
    const revoked = ca.issue('revocado', demoTenant.nit);
    ca.revoke(revoked.serialHex);
    expect(await codeOf(directory.storeCertificate('acme', revoked.p12, revoked.password, now()))).toBe('CERT_REVOKED');
    expect(await directory.credential('acme', now())).toBeUndefined();
  });

  it('stores a good one, then refuses it once its CA revoked it and the cached answer ended', async () => {
    const good = ca.issue('vigente', demoTenant.nit);
    expect(await codeOf(directory.storeCertificate('acme', good.p12, good.password, now()))).toBe('stored');
    ca.revoke(good.serialHex);
    expect((await directory.credential('acme', now()))!.chain[0].serialNumber).toBe(
      BigInt(`0x${good.serialHex}`).toString(),
    );
    expect(await certificateRevoked(directory, 'acme', now())).toBe(false); // within the minute the answer is kept
    clock += 61_000;
    expect(await codeOf(directory.credential('acme', now()))).toBe('CERT_REVOKED');
    expect(await certificateRevoked(directory, 'acme', now())).toBe(true);
  });

  it('lets a certificate whose CA does not answer be stored and sign (soft-fail)', async () => {
    const gone = await startRevocationCa(join(dir, 'caida'));
    const issued = gone.issue('sin-respuesta', demoTenant.nit);
    await gone.stop();
    expect(await codeOf(directory.storeCertificate('acme', issued.p12, issued.password, now()))).toBe('stored');
    expect(await directory.credential('acme', now())).toBeDefined();
  });
});
