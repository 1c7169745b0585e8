import type { NumberingResolution, SoftwareRegistration, Tenant } from '@fe/dian-domain';
import type { SigningCredential } from '@fe/xades';

/**
 * The part of @fe/tenancy's TenantDirectory the signer reads, declared here so @fe/signer does
 * not depend on @fe/tenancy (which depends on @fe/signer for loadP12). A TenantDirectory fits it
 * as is:
 *
 *   createSignerService({ store, bus, blobs, tenants: sqliteTenantDirectory, signer, clock, logger });
 */
export type SigningTenants = {
  profile(tenantId: string): Promise<SigningProfile | undefined>;
  /**
   * The tenant's credential, checked at `at` (the issue instant). Throws XadesError (CERT_EXPIRED,
   * P12_WRONG_PASSWORD, …) when it cannot sign then; undefined when no certificate is on file.
   */
  credential(tenantId: string, at: Date): Promise<SigningCredential | undefined>;
};

/** What rebuilding the unsigned document needs from the tenant's profile. */
export type SigningProfile = {
  tenant: Tenant;
  software: SoftwareRegistration;
  resolutions: readonly NumberingResolution[];
};
