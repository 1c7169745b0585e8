import { certificateExpiry, type CertificateExpiry } from '@fe/tenancy';
import type { PortalDeps } from '../portal-deps.ts';

/**
 * Where the tenant's stored certificate stands now, for the banner; undefined without one. A registry that does not
 * answer leaves the banner out (logged) rather than the page: the page itself reads the registry and says so.
 */
export async function currentExpiry(
  deps: Pick<PortalDeps, 'registry' | 'clock' | 'logger'>,
  tenantId: string,
): Promise<CertificateExpiry | undefined> {
  try {
    const [stored] = await deps.registry.certificateValidities(tenantId);
    return stored && certificateExpiry(stored.notAfter, deps.clock.now());
  } catch (error) {
    deps.logger.warn(
      { err: { name: (error as Error).name, code: (error as { code?: string }).code } },
      'certificate banner left out: the registry did not answer',
    );
    return undefined;
  }
}
