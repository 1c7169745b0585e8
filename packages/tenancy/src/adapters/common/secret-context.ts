/**
 * What each sealed value is bound to (the secret box's authenticated context), the same for every
 * adapter: a sealed value copied into another tenant's row, another column or another generation
 * fails to open.
 */
export const secretContext = {
  p12: (tenantId: string, generation: number) => `p12/${tenantId}/${generation}`,
  p12Password: (tenantId: string, generation: number) => `p12-password/${tenantId}/${generation}`,
  apiKey: (tenantId: string, hash: string) => `api-key/${tenantId}/${hash}`,
  softwarePin: (tenantId: string) => `software-pin/${tenantId}`,
};
