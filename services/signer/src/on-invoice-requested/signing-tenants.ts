import type { NumberingResolution, SoftwareRegistration, Tenant } from '@fe/dian-domain';
import type { SigningCredential } from '@fe/xades';

/**
 * The part of TenantDirectory the signer reads, declared here because @fe/tenancy depends on the signer's loadP12;
 * a TenantDirectory fits as is.
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
