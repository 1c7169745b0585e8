import type { Tenant } from '@fe/dian-domain';

/**
 * A test certificate for a company's own NIT from the local test CA, which only the built-in simulator trusts.
 * Absent (a real DIAN, the distributed shape): the certificate step does not offer it.
 */
export interface TestCertificates {
  issue(owner: Pick<Tenant, 'nit' | 'legalName'>): Promise<{ p12: Uint8Array; password: string }>;
}
