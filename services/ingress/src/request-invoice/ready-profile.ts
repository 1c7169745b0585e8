import { PlatformError, type Clock } from '@fe/platform';
import type { TenantDirectory, TenantProfile } from '@fe/tenancy';
import { ApiError } from '../http/api-error.ts';

/**
 * The tenant's profile when it may issue documents: company data, a resolution and a certificate valid now; 403
 * TENANT_NOT_READY otherwise.
 */
export async function readyProfile(
  ports: { tenants: Pick<TenantDirectory, 'profile' | 'credential'>; clock: Clock },
  tenantId: string,
): Promise<TenantProfile> {
  const profile = await ports.tenants.profile(tenantId);
  const notReady = (message: string) =>
    new ApiError('TENANT_NOT_READY', `Onboarding is incomplete: ${message}.`, [{ path: '', message }]);
  if (!profile) throw notReady('the tenant has no company data');
  if (!profile.resolutions.length) throw notReady('no numbering resolution on file');
  if (!profile.hasCertificate) throw notReady('no signing certificate on file');
  try {
    await ports.tenants.credential(tenantId, ports.clock.now());
  } catch (error) {
    // A store that did not answer (a PostgreSQL restart) is 503 UNAVAILABLE, which the client
    // retries; only a certificate that does not qualify is the tenant's onboarding.
    if (error instanceof PlatformError && error.retriable) throw error;
    if ((error as { code?: unknown }).code === 'CERT_REVOKED')
      throw notReady(
        'the signing certificate was revoked by its certification authority (CERT_REVOKED, DIAN rule ZD04)',
      );
    throw notReady('the signing certificate is not valid now');
  }
  return profile;
}
