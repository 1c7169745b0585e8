import type { Tenant } from '@fe/dian-domain';
import type { SigningCredential } from '@fe/xades';

/**
 * The part of @fe/tenancy's TenantDirectory the notifier reads: the tenant's names and address for
 * the mail, and its credential to sign the AttachedDocument. A TenantDirectory fits it as is.
 */
export type NotifyingTenants = {
  profile(tenantId: string): Promise<{ tenant: Tenant } | undefined>;
  /** Throws XadesError (CERT_EXPIRED, …) when it cannot sign at `at`; undefined when no certificate is on file. */
  credential(tenantId: string, at: Date): Promise<SigningCredential | undefined>;
};
