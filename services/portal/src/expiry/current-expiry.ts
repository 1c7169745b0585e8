import { certificateExpiry, certificateRevoked, type CertificateExpiry } from '@fe/tenancy';
import type { PortalDeps } from '../portal-deps.ts';

/** Where a stored certificate stands: its end, and whether its CA revoked it. */
export type CertificateStanding = CertificateExpiry & { revoked: boolean };

/**
 * Where the tenant's stored certificate stands now, for the banner; undefined without one. Revocation is the
 * registry's cached check (an hour by default), so a page costs no request to the CA. A registry that does not
 * answer leaves the banner out (logged) rather than the page: the page itself reads the registry and says so.
 */
export async function currentExpiry(
  deps: Pick<PortalDeps, 'registry' | 'clock' | 'logger'>,
  tenantId: string,
): Promise<CertificateStanding | undefined> {
  try {
    const [stored] = await deps.registry.certificateValidities(tenantId);
    if (!stored) return undefined;
    const now = deps.clock.now();
    const expiry = certificateExpiry(stored.notAfter, now);
    return {
      ...expiry,
      revoked: expiry.state !== 'expired' && (await certificateRevoked(deps.registry, tenantId, now)),
    };
  } catch (error) {
    deps.logger.warn(
      { err: { name: (error as Error).name, code: (error as { code?: string }).code } },
      'certificate banner left out: the registry did not answer',
    );
    return undefined;
  }
}
