/**
 * What each sealed value is bound to, the same for every adapter: a value copied into another tenant's row, column
 * or generation fails to open.
 */
export const secretContext = {
  p12: (tenantId: string, generation: number) => `p12/${tenantId}/${generation}`,
  p12Password: (tenantId: string, generation: number) => `p12-password/${tenantId}/${generation}`,
  apiKey: (tenantId: string, hash: string) => `api-key/${tenantId}/${hash}`,
  softwarePin: (tenantId: string) => `software-pin/${tenantId}`,
};
