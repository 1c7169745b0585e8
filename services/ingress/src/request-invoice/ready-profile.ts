import { PlatformError, type Clock } from '@fe/platform';
import type { TenantDirectory, TenantProfile, TenantRegistry } from '@fe/tenancy';
import { ApiError } from '../http/api-error.ts';

/** Where the stored certificate stands with its CA (TenantRegistry.certificateRevocation's answer). */
export type CertificateRevocation = Awaited<ReturnType<TenantRegistry['certificateRevocation']>>;

const notReady = (message: string) =>
  new ApiError('TENANT_NOT_READY', `Onboarding is incomplete: ${message}.`, [{ path: '', message }]);

/**
 * The tenant's profile when it may issue documents: company data, a resolution and a certificate valid now; 403
 * TENANT_NOT_READY otherwise.
 */
export async function readyProfile(
  ports: { tenants: Pick<TenantDirectory, 'profile' | 'credential'>; clock: Clock },
  tenantId: string,
): Promise<TenantProfile> {
  const profile = await profileOnFile(ports, tenantId);
  try {
    await ports.tenants.credential(tenantId, ports.clock.now());
  } catch (error) {
    throw certificateNotReady(error);
  }
  return profile;
}

/**
 * readyProfile's checks for the readiness route, the certificate judged from its stored chain (no key derived: a
 * client polling readiness never costs a derivation). Returns the certificate's revocation status.
 */
export async function readyCertificateChain(
  ports: { tenants: Pick<TenantRegistry, 'profile' | 'certificateRevocation'>; clock: Clock },
  tenantId: string,
): Promise<CertificateRevocation> {
  await profileOnFile(ports, tenantId);
  let revocation: CertificateRevocation;
  try {
    revocation = await ports.tenants.certificateRevocation(tenantId, ports.clock.now());
  } catch (error) {
    throw certificateNotReady(error);
  }
  if (revocation?.status === 'revoked') throw certificateNotReady({ code: 'CERT_REVOKED' });
  return revocation;
}

async function profileOnFile(
  ports: { tenants: Pick<TenantDirectory, 'profile'> },
  tenantId: string,
): Promise<TenantProfile> {
  const profile = await ports.tenants.profile(tenantId);
  if (!profile) throw notReady('the tenant has no company data');
  if (!profile.resolutions.length) throw notReady('no numbering resolution on file');
  if (!profile.hasCertificate) throw notReady('no signing certificate on file');
  return profile;
}

/**
 * A store that did not answer (a PostgreSQL restart) is 503 UNAVAILABLE, which the client retries, so it is thrown
 * as it came; only a certificate that does not qualify is the tenant's onboarding.
 */
function certificateNotReady(error: unknown): unknown {
  if (error instanceof PlatformError && error.retriable) return error;
  if ((error as { code?: unknown }).code === 'CERT_REVOKED')
    return notReady(
      'the signing certificate was revoked by its certification authority (CERT_REVOKED, DIAN rule ZD04)',
    );
  return notReady('the signing certificate is not valid now');
}
