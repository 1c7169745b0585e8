import type { NumberingResolution } from '@fe/dian-domain';

/**
 * DIAN's GetNumberingRange for a tenant (its NIT, its software provider's NIT, its SoftwareID),
 * signed with the tenant's certificate. Filled by a composition root with the DIAN client.
 *
 *   const answer = await ranges.lookup('acme');
 *   if (answer.ok) answer.ranges[0].technicalKey;   // else answer.message, DIAN's words
 */
export interface NumberingRanges {
  lookup(tenantId: string): Promise<{ ok: true; ranges: Omit<NumberingResolution, 'id'>[] } | { ok: false; message: string }>;
}
