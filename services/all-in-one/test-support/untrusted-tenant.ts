// A tenant whose certificate chains to a CA the built-in DIAN simulator does not trust: DIAN's WS-Security
// check refuses every call it signs (a SOAP fault, final), as it would for a certificate from an unknown CA.
import { join } from 'node:path';
import { demoResolution, demoSoftware, demoTenant } from '@fe/dian-domain';
import { loadOrCreateMasterKey, makeDemoCertificates, SqliteTenantDirectory } from '@fe/tenancy';

export type UntrustedTenant = {
  apiKey: string;
  /** A certificate of a CA the simulator does trust (registered as the tenant's trusted CA): the operator's fix. */
  trusted: { p12: Uint8Array; password: string };
};

/** Registers tenant `untrusted` (the demo NIT) in an embedded data folder, before the service starts. */
export async function registerUntrustedTenant(dataDir: string): Promise<UntrustedTenant> {
  const tenants = new SqliteTenantDirectory({
    path: join(dataDir, 'tenants.sqlite'),
    masterKey: loadOrCreateMasterKey(join(dataDir, 'master.key')),
  });
  try {
    const now = new Date();
    await tenants.createTenant({
      tenant: { ...demoTenant, id: 'untrusted', legalName: 'UNTRUSTED S.A.S.' },
      environment: '2',
      software: demoSoftware,
      resolutions: [demoResolution],
      activeResolutionId: demoResolution.id,
    });
    const certs = makeDemoCertificates({ nit: demoTenant.nit, legalName: 'UNTRUSTED S.A.S.' }, now);
    await tenants.storeCertificate('untrusted', certs.p12, certs.password, now);
    const trusted = makeDemoCertificates({ nit: demoTenant.nit, legalName: 'UNTRUSTED S.A.S.' }, now);
    await tenants.addTrustedCa('untrusted', trusted.caPem);
    return { apiKey: await tenants.issueApiKey('untrusted'), trusted };
  } finally {
    await tenants.close();
  }
}
