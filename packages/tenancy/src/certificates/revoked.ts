import { isXadesError } from '@fe/xades';
import type { TenantRegistry } from '../ports/tenant-registry.ts';
import type { ExpiryThreshold } from './expiry.ts';

/** What the portal warns about, once per certificate upload: a threshold of its end, or its revocation. */
export type CertificateWarningKind = ExpiryThreshold | 'revoked';

/**
 * Whether the tenant's stored certificate is revoked now (its CA said so: DIAN's ZD04), through the same cached
 * revocation check the signer meets. Any other refusal of the certificate is not this warning's.
 */
export async function certificateRevoked(
  registry: Pick<TenantRegistry, 'certificateRevocation'>,
  tenantId: string,
  now: Date,
): Promise<boolean> {
  try {
    return (await registry.certificateRevocation(tenantId, now))?.status === 'revoked';
  } catch (error) {
    if (isXadesError(error)) return false;
    throw error;
  }
}
