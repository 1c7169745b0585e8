// Test support for the signer's reaction (not exported from the package): the shared reaction
// world, a tenant directory in memory, and a request on which the build rules disagree.
import type { InvoiceRequestInput } from '@fe/contracts';
import { demoResolution, demoSoftware, demoTenant } from '@fe/dian-domain';
import type { SigningCredential } from '@fe/xades';
import type { SigningTenants } from '../src/on-invoice-requested/signing-tenants.ts';

export * from '@fe/reaction-world/testing';

/** The demo tenant with one credential source; `credential` may throw as a real directory does. */
export function memoryTenants(credential: (at: Date) => SigningCredential | undefined): SigningTenants & {
  authenticate(apiKey: string): Promise<{ tenantId: string } | undefined>;
} {
  const profile = {
    tenant: demoTenant,
    environment: '2' as const,
    software: demoSoftware,
    resolutions: [demoResolution],
    activeResolutionId: demoResolution.id,
    hasCertificate: true,
  };
  return {
    authenticate: async () => undefined,
    profile: async (tenantId) => (tenantId === demoTenant.id ? profile : undefined),
    credential: async (tenantId, at) => (tenantId === demoTenant.id ? credential(at) : undefined),
  };
}

/**
 * Lines where build rules 1 and 2 disagree. OLD_RULES_CUFE is what rules 1 recorded for them as invoice
 * SETP990000290 (at the parent of b87082b): recorded output, not recomputed.
 */
export const smallLinesRequest: InvoiceRequestInput = {
  customer: { document_type: '31', document_number: '900108281', name: 'Cliente S.A.S.' },
  lines: Array.from({ length: 20 }, (_, i) => ({
    code: `P-${i + 1}`,
    name: `Producto ${i + 1}`,
    quantity: 1,
    unit_price: '0.03',
    taxes: [{ code: '01' as const, name: 'IVA', rate: 19 }],
  })),
  payment: { method_code: '10' },
};
export const OLD_RULES_CUFE =
  'f4aae2f108208e0e6d81703ad2282a2c6cf90e7011c2a5934486d681b4f526c140d4471eb88f81549253f78732d74677';
