// The certificate sweep on a restarted portal with many tenants: it judges expiry and revocation from the public chain
// kept beside each sealed .p12, so a start costs no key derivation (each is up to seconds of PKCS#12 work). An upload
// made before the chain was kept has it derived once, by the first sweep, and never again.
import { mkdtempSync, rmSync } from 'node:fs';
import { DatabaseSync } from 'node:sqlite';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { demoResolution, demoSoftware, demoTenant } from '@fe/dian-domain';
import { createRecordingLogger } from '@fe/platform/testing';
import { issueTestCertificate, loadOrCreateLocalTestCa, SqliteTenantDirectory } from '@fe/tenancy';
import { createP12Loader } from '@fe/xades';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SqliteExpiryWarningStore } from '../adapters/sqlite-expiry-warning-store.ts';
import { sweepCertificateExpiries } from './expiry-sweep.ts';

const TENANTS = 12;
const DAY_MS = 86_400_000;
const now = new Date();
const dir = mkdtempSync(join(tmpdir(), 'fe-sweep-derivations-'));
const registryPath = join(dir, 'tenants.sqlite');
const masterKey = new Uint8Array(32).fill(9);
// The counter the e2e reads too: each file that reaches a worker is one round of key derivations.
const loader = createP12Loader({ size: 1 });
afterAll(async () => {
  await loader.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Every tenant's certificate ends in 5 days: each sweep mails each one once, and asks each one's revocation. */
beforeAll(async () => {
  const registry = new SqliteTenantDirectory({ path: registryPath, masterKey, p12Loader: loader });
  const { ca } = loadOrCreateLocalTestCa(join(dir, 'ca.pem'), now);
  for (let i = 0; i < TENANTS; i++) {
    const id = `t${i}`;
    await registry.createTenant({
      tenant: { ...demoTenant, id },
      environment: '2',
      software: demoSoftware,
      resolutions: [demoResolution],
    });
    const p12 = issueTestCertificate(ca, demoTenant, now, new Date(now.getTime() + 5 * DAY_MS));
    await registry.storeCertificate(id, p12.p12, p12.password, now);
  }
  await registry.close();
}, 120_000);

/** A portal started on the registry: its sweep over every tenant, counting the derivations it caused. */
async function sweepAfterRestart(portalDb: string): Promise<{ derivations: number; mailed: number }> {
  const registry = new SqliteTenantDirectory({ path: registryPath, masterKey, p12Loader: loader });
  const warnings = new SqliteExpiryWarningStore(join(dir, portalDb));
  const before = loader.opened;
  try {
    const mailed = await sweepCertificateExpiries({
      registry,
      accounts: { confirmedEmailsOf: async (tenantId) => [`ana@${tenantId}.example`] },
      warnings,
      mail: { send: async () => undefined },
      clock: { now: () => now },
      logger: createRecordingLogger(),
      baseUrl: () => 'https://fe.example',
    });
    return { derivations: loader.opened - before, mailed };
  } finally {
    await warnings.close();
    await registry.close();
  }
}

describe(`the certificate sweep of a restarted portal with ${TENANTS} tenants`, { timeout: 120_000 }, () => {
  it("warns every tenant deriving no key: it reads each certificate's stored chain", async () => {
    expect(await sweepAfterRestart('portal-a.sqlite')).toEqual({ derivations: 0, mailed: TENANTS });
    expect(await sweepAfterRestart('portal-b.sqlite')).toEqual({ derivations: 0, mailed: TENANTS });
  });

  it('derives the chain of certificates uploaded before it was kept once per tenant, then never again', async () => {
    const db = new DatabaseSync(registryPath);
    db.exec('UPDATE certificates SET chain_pem = NULL'); // as an older release stored them
    db.close();
    expect(await sweepAfterRestart('portal-c.sqlite')).toEqual({ derivations: TENANTS, mailed: TENANTS });
    expect(await sweepAfterRestart('portal-d.sqlite')).toEqual({ derivations: 0, mailed: TENANTS });
  });
});
