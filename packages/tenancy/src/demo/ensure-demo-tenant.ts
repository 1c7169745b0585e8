import { X509Certificate } from 'node:crypto';
import { demoResolution, demoSoftware, demoTenant, environments } from '@fe/dian-domain';
import { isTenancyError } from '../errors.ts';
import type { StoredCertificateChain, TenantRegistry } from '../ports/tenant-registry.ts';
import { makeDemoCertificates } from './demo-certificates.ts';

/** The registry writes the demo needs. */
export type DemoTenantRegistry = Pick<
  TenantRegistry,
  'tenantExists' | 'createTenant' | 'profile' | 'certificateChain' | 'storeCertificate' | 'addTrustedCa' | 'issueApiKey'
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
  } else {
    // The public chain opens with any master key: the profile's sealed PIN says at once whether this one is the key
    // the tenant was sealed with (SECRET_UNREADABLE propagates), without deriving the certificate's key.
    await directory.profile(id);
  }

  let stored = await usableChain(directory, id, now);
  if (!stored) {
    const demo = makeDemoCertificates(demoTenant, now);
    await directory.storeCertificate(id, demo.p12, demo.password, now);
    stored = (await directory.certificateChain(id))!;
  }
  // The CA is read back from the stored chain (leaf, then its CA), so the CA returned is always the
  // one that issued the certificate in use; adding it is idempotent. The chain alone: no start derives the key.
  const { chain } = stored;
  const caPem = new X509Certificate(chain[chain.length - 1]!.der).toString();
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

/** The stored chain when its leaf is valid now and for a while; SECRET_UNREADABLE and the like propagate. */
async function usableChain(
  directory: DemoTenantRegistry,
  id: string,
  now: Date,
): Promise<StoredCertificateChain | undefined> {
  const stored = await directory.certificateChain(id);
  if (!stored || stored.chain.length < 2) return undefined;
  const leaf = stored.chain[0];
  const valid = leaf.notBefore.getTime() <= now.getTime() && leaf.notAfter.getTime() - now.getTime() > RENEW_BEFORE_MS;
  return valid ? stored : undefined;
}
