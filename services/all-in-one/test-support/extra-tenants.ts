// Tenants besides the demo one, registered in a data folder before the service starts: one that is
// ready but whose invoices DIAN rejects, one still onboarding, one whose key was revoked.
import { join } from 'node:path';
import { demoResolution, demoSoftware, demoTenant } from '@fe/dian-domain';
import { loadOrCreateMasterKey, makeDemoCertificates, SqliteTenantDirectory, type TenantRegistry } from '@fe/tenancy';

export type ExtraTenants = { rejectedByDian: string; onboarding: string; revoked: string };

/** In the embedded shape's data folder (tenants.sqlite, sealed with its master.key). */
export async function registerExtraTenants(dataDir: string): Promise<ExtraTenants> {
  const tenants = new SqliteTenantDirectory({
    path: join(dataDir, 'tenants.sqlite'),
    masterKey: loadOrCreateMasterKey(join(dataDir, 'master.key')),
  });
  try {
    return await registerExtraTenantsIn(tenants);
  } finally {
    await tenants.close();
  }
}

/** In any tenant registry (the distributed shape's is PostgreSQL); the caller closes it. */
export async function registerExtraTenantsIn(tenants: TenantRegistry): Promise<ExtraTenants> {
  const now = new Date();
  const company = (id: string, nit: string, dv: number, technicalKey = demoResolution.technicalKey) => ({
    tenant: { ...demoTenant, id, nit, dv, legalName: `${id.toUpperCase()} S.A.S.` },
    environment: '2' as const,
    software: { ...demoSoftware, id: '00000000-0000-4000-8000-0000000000aa', providerNit: nit, providerDv: dv },
    resolutions: [{ ...demoResolution, technicalKey }],
    activeResolutionId: demoResolution.id,
  });
  // NIT 900108281-3 with the test range typed with a technical key that is not DIAN's: the CUFE DIAN computes differs
  // (FAD06). The embedded simulator registers the folder's tenants; the distributed one does not know it at all.
  await tenants.createTenant(company('acme', '900108281', 3, `a${demoResolution.technicalKey.slice(1)}`));
  const certs = makeDemoCertificates({ nit: '900108281', legalName: 'ACME S.A.S.' }, now);
  await tenants.storeCertificate('acme', certs.p12, certs.password, now);
  await tenants.addTrustedCa('acme', certs.caPem);
  const rejectedByDian = await tenants.issueApiKey('acme');

  await tenants.createTenant(company('onboarding', '860002964', 4));
  const onboarding = await tenants.issueApiKey('onboarding');

  await tenants.createTenant(company('revoked', '890903938', 8));
  const revoked = await tenants.issueApiKey('revoked');
  await tenants.revokeApiKey('revoked', now);
  return { rejectedByDian, onboarding, revoked };
}
