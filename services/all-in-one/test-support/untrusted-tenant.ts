// A tenant ready to invoice whose certificate comes from a CA nobody registered as trusted: DIAN (the simulator)
// refuses its documents at WS-Security, a final failure every invoice of it must show (the hostile client's p.4).
import { join } from 'node:path';
import { demoResolution, demoSoftware, demoTenant } from '@fe/dian-domain';
import { createPostgresPool } from '@fe/platform-postgres';
import { loadOrCreateMasterKey, makeDemoCertificates, SqliteTenantDirectory, type TenantRegistry } from '@fe/tenancy';
import { PostgresTenantDirectory } from '@fe/tenancy/postgres';

export type UntrustedTenant = {
  apiKey: string;
  p12Password: string;
  /** A certificate of a CA the simulator does trust (registered as the tenant's trusted CA): the operator's fix. */
  trusted: { p12: Uint8Array; password: string };
};

const ID = 'untrusted';

async function registerIn(tenants: TenantRegistry): Promise<UntrustedTenant> {
  const now = new Date();
  // The demo's issuer and software, so DIAN knows it: only the signature's certificate is refused.
  await tenants.createTenant({
    tenant: { ...demoTenant, id: ID, legalName: 'SIN CONFIANZA S.A.S.' },
    environment: '2',
    software: demoSoftware,
    resolutions: [demoResolution],
    activeResolutionId: demoResolution.id,
  });
  const certs = makeDemoCertificates({ nit: demoTenant.nit, legalName: 'SIN CONFIANZA S.A.S.' }, now);
  await tenants.storeCertificate(ID, certs.p12, certs.password, now);
  const trusted = makeDemoCertificates({ nit: demoTenant.nit, legalName: 'SIN CONFIANZA S.A.S.' }, now);
  await tenants.addTrustedCa(ID, trusted.caPem);
  return { apiKey: await tenants.issueApiKey(ID), p12Password: certs.password, trusted };
}

/** In an embedded data folder, before the service starts. */
export async function registerUntrustedTenant(dataDir: string): Promise<UntrustedTenant> {
  const tenants = new SqliteTenantDirectory({
    path: join(dataDir, 'tenants.sqlite'),
    masterKey: loadOrCreateMasterKey(join(dataDir, 'master.key')),
  });
  try {
    return await registerIn(tenants);
  } finally {
    await tenants.close();
  }
}

/** In a distributed run's PostgreSQL schema, after prepare.ts made it. */
export async function registerUntrustedTenantIn(
  connectionString: string,
  schema: string,
  masterKeyFile: string,
): Promise<UntrustedTenant> {
  const pool = createPostgresPool({ connectionString, schema, max: 2, onIdleError: () => undefined });
  const tenants = new PostgresTenantDirectory({
    pool,
    masterKey: loadOrCreateMasterKey(masterKeyFile),
    now: () => new Date(),
  });
  try {
    return await registerIn(tenants);
  } finally {
    await tenants.close().catch(() => undefined);
    await pool.end().catch(() => undefined);
  }
}
