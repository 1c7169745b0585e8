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
import { freshTestSchema, type TestSchema } from '@fe/platform-postgres/testing';
import { PostgresTenantDirectory, tenantDirectoryMigrations } from '../adapters/postgres/postgres-tenant-directory.ts';
import { SqliteTenantDirectory } from '../adapters/sqlite-tenant-directory.ts';
import type { TenantRegistry } from '../ports/tenant-registry.ts';
import { certificateRevoked } from './revoked.ts';

let dir: string;
let ca: RevocationCa;
let clock = Date.now();
const now = () => new Date(clock);
const masterKey = new Uint8Array(32).fill(7);
let db: TestSchema | undefined;
const codeOf = (promise: Promise<unknown>) =>
  promise.then(
    () => 'stored',
    (error: unknown) => (error instanceof XadesError ? error.code : String(error)),
  );

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'fe-tenancy-revocation-'));
  ca = await startRevocationCa(dir);
}, 60_000);
afterAll(async () => {
  await ca?.stop();
  await db?.drop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

// Each directory with a checker of its own that keeps a good answer for a minute of the test's clock (and asks the
// local CA on loopback).
const shapes: [string, () => Promise<TenantRegistry>][] = [
  ['SQLite', async () => new SqliteTenantDirectory({ path: ':memory:', masterKey, revocation: checker() })],
  [
    'PostgreSQL',
    async () => {
      db = await freshTestSchema({ sets: [tenantDirectoryMigrations()] });
      return new PostgresTenantDirectory({ pool: db.pool, masterKey, revocation: checker() });
    },
  ],
];
const checker = () => createRevocationChecker({ goodForMs: 60_000, now, allowLocalUrls: true });

describe.each(shapes)('revocation in the %s tenant directory', { timeout: 60_000 }, (_, open) => {
  let directory: TenantRegistry;
  beforeAll(async () => {
    directory = await open();
    await directory.createTenant({
      tenant: { ...demoTenant, id: 'acme' },
      environment: '2',
      software: demoSoftware,
      resolutions: [demoResolution],
    });
  });
  afterAll(() => directory?.close());

  it('refuses to store a revoked certificate (CERT_REVOKED), keeping none', async () => {
    const revoked = ca.issue('revocado', demoTenant.nit);
    ca.revoke(revoked.serialHex);
    expect(await codeOf(directory.storeCertificate('acme', revoked.p12, revoked.password, now()))).toBe('CERT_REVOKED');
    expect(await directory.credential('acme', now())).toBeUndefined();
  });

  it('stores a good one, then refuses it once its CA revoked it and the cached answer ended', async () => {
    const good = ca.issue('vigente', demoTenant.nit);
    const start = clock;
    expect(await codeOf(directory.storeCertificate('acme', good.p12, good.password, now()))).toBe('stored');
    ca.revoke(good.serialHex);
    expect((await directory.credential('acme', now()))!.chain[0].serialNumber).toBe(
      BigInt(`0x${good.serialHex}`).toString(),
    );
    expect(await certificateRevoked(directory, 'acme', now())).toBe(false); // within the minute the answer is kept
    clock += 61_000;
    expect(await codeOf(directory.credential('acme', now()))).toBe('CERT_REVOKED');
    expect(await certificateRevoked(directory, 'acme', now())).toBe(true);
    expect(await directory.certificateRevocation('acme', now())).toMatchObject({ status: 'revoked', source: 'ocsp' });
    clock = start; // the next shape starts where this one did
  });

  it('lets a certificate whose CA does not answer be stored and sign (soft-fail)', async () => {
    const gone = await startRevocationCa(join(dir, `caida-${Math.random().toString(36).slice(2)}`));
    const issued = gone.issue('sin-respuesta', demoTenant.nit);
    await gone.stop();
    expect(await codeOf(directory.storeCertificate('acme', issued.p12, issued.password, now()))).toBe('stored');
    expect(await directory.credential('acme', now())).toBeDefined();
    expect(await directory.certificateRevocation('acme', now())).toMatchObject({ status: 'unknown' });
  });
});
