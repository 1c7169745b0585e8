import type { NumberingResolution } from '@fe/dian-domain';

/**
 * DIAN's GetNumberingRange for a tenant, signed with its certificate; a failure carries DIAN's words.
 */
export interface NumberingRanges {
  lookup(
    tenantId: string,
  ): Promise<{ ok: true; ranges: Omit<NumberingResolution, 'id'>[] } | { ok: false; message: string }>;
}
