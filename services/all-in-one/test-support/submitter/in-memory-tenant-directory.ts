// A TenantDirectory held in memory, for the submitter's tests: tenants are added with their profile
// and, optionally, a loaded credential (or an error the credential lookup throws, as the real
// directory does for an expired certificate).
import type { SigningCredential } from '@fe/xades';
import type { TenantDirectory, TenantProfile } from '@fe/tenancy';
import { demoResolution, demoSoftware, demoTenant, type DianEnvironment } from '@fe/dian-domain';

export type InMemoryTenant = { profile: TenantProfile; credential?: SigningCredential | (() => never) };

export type InMemoryTenantDirectory = TenantDirectory & {
  set(tenantId: string, tenant: InMemoryTenant): void;
  /** How many times a tenant's credential was asked for. */
  credentialLookups(tenantId: string): number;
};

export function createInMemoryTenantDirectory(initial: Record<string, InMemoryTenant> = {}): InMemoryTenantDirectory {
  const tenants = new Map(Object.entries(initial));
  const lookups = new Map<string, number>();
  return {
    authenticate: async () => undefined, // the submitter never authenticates anyone
    profile: async (tenantId) => tenants.get(tenantId)?.profile,
    async credential(tenantId) {
      lookups.set(tenantId, (lookups.get(tenantId) ?? 0) + 1);
      const credential = tenants.get(tenantId)?.credential;
      return typeof credential === 'function' ? credential() : credential;
    },
    set: (tenantId, tenant) => void tenants.set(tenantId, tenant),
    credentialLookups: (tenantId) => lookups.get(tenantId) ?? 0,
  };
}

/** The demo tenant's profile (the issuer the simulator knows), under any tenant id. */
export function demoProfile(tenantId = demoTenant.id, environment: DianEnvironment = '2'): TenantProfile {
  return {
    tenant: { ...demoTenant, id: tenantId },
    environment,
    software: demoSoftware,
    resolutions: [demoResolution],
    activeResolutionId: demoResolution.id,
    hasCertificate: true,
  };
}
