import { X509Certificate } from 'node:crypto';
import { demoResolution, demoSoftware, demoTenant, environments } from '@fe/dian-domain';
import { isXadesError, type SigningCredential } from '@fe/xades';
import { isTenancyError } from '../errors.ts';
import type { TenantRegistry } from '../ports/tenant-registry.ts';
import { makeDemoCertificates } from './demo-certificates.ts';

/** The registry writes the demo needs. */
export type DemoTenantRegistry = Pick<
  TenantRegistry,
  'tenantExists' | 'createTenant' | 'credential' | 'storeCertificate' | 'addTrustedCa' | 'issueApiKey'
>;

export type DemoTenant = {
  /** True on the first start of this registry file. */
  created: boolean;
  /**
   * The `fe_test_…` key when this call issued it; undefined on later starts, which keep it sealed in the registry.
   * The caller shows it once.
   */
  issuedApiKey: string | undefined;
  /** The CA that issued the demo certificate: give it to the built-in DIAN simulator to trust. */
  caPem: string;
};

/** Renewed this long before it expires, so a long-running embedded start keeps signing. */
const RENEW_BEFORE_MS = 30 * 86_400_000;

/**
 * A fresh embedded start's demo tenant (docs/api.md, "Tenants"). Each step runs only when its result is
 * missing, so a start that crashed half-way completes on the next one.
 */
export async function ensureDemoTenant(directory: DemoTenantRegistry, options: { now: Date }): Promise<DemoTenant> {
  const { now } = options;
  const id = demoTenant.id;
  const created = !(await directory.tenantExists(id));
  if (created) {
    await directory.createTenant({
      tenant: demoTenant,
      environment: environments.habilitacion,
      software: demoSoftware,
      resolutions: [demoResolution],
      activeResolutionId: demoResolution.id,
    });
  }

  let credential = await usableCredential(directory, id, now);
  if (!credential) {
    const demo = makeDemoCertificates(demoTenant, now);
    await directory.storeCertificate(id, demo.p12, demo.password, now);
    credential = (await directory.credential(id, now))!;
  }
  // The CA is read back from the stored chain (leaf, then its CA), so the CA returned is always the
  // one that issued the certificate in use; adding it is idempotent.
  const caPem = new X509Certificate(credential.chain[credential.chain.length - 1]!.der).toString();
  await directory.addTrustedCa(id, caPem);

  return { created, issuedApiKey: await issueUnlessCurrent(directory, id), caPem };
}

/** A new key when the tenant has no current one; the current one is not even decrypted. */
async function issueUnlessCurrent(directory: DemoTenantRegistry, id: string): Promise<string | undefined> {
  try {
    return await directory.issueApiKey(id, 'test');
  } catch (error) {
    if (isTenancyError(error) && error.code === 'API_KEY_EXISTS') return undefined;
    throw error;
  }
}

/** The stored credential when it is valid now and for a while; SECRET_UNREADABLE and the like propagate. */
async function usableCredential(
  directory: DemoTenantRegistry,
  id: string,
  now: Date,
): Promise<SigningCredential | undefined> {
  try {
    const credential = await directory.credential(id, now);
    if (!credential || credential.chain.length < 2) return undefined;
    return credential.chain[0].notAfter.getTime() - now.getTime() > RENEW_BEFORE_MS ? credential : undefined;
  } catch (error) {
    if (isXadesError(error) && (error.code === 'CERT_EXPIRED' || error.code === 'CERT_NOT_YET_VALID')) return undefined;
    throw error;
  }
}
