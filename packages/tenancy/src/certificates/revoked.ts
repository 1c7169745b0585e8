import { isXadesError } from '@fe/xades';
import type { TenantDirectory } from '../ports/tenant-directory.ts';
import type { ExpiryThreshold } from './expiry.ts';

/** What the portal warns about, once per certificate upload: a threshold of its end, or its revocation. */
export type CertificateWarningKind = ExpiryThreshold | 'revoked';

/**
 * Whether the tenant's stored certificate is revoked now (its CA said so: CERT_REVOKED, DIAN's ZD04), asked through
 * credential(), so through the same cached revocation check the signer meets. Any other refusal is not this warning's.
 */
export async function certificateRevoked(
  registry: Pick<TenantDirectory, 'credential'>,
  tenantId: string,
  now: Date,
): Promise<boolean> {
  try {
    await registry.credential(tenantId, now);
    return false;
  } catch (error) {
    if (isXadesError(error) && error.code === 'CERT_REVOKED') return true;
    if (isXadesError(error)) return false;
    throw error;
  }
}
