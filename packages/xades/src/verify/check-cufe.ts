import { cufe, type CufeFields } from '@fe/dian-domain';
import type { UblDocumentHead } from '@fe/dian-xml';
import type { Check } from './report.ts';

/**
 * Recomputes the CUFE (a note's CUDE) from the signed document's own fields and compares it with cbc:UUID.
 */
export function checkCufe(head: UblDocumentHead, key: string | undefined): Check {
  const name = head.keyScheme === 'CUDE-SHA384' ? 'CUDE' : 'CUFE';
  if (key === undefined) return { name, ok: null, detail: 'not checked (no --technical-key)' };
  const taxAmount = (code: string) => head.taxAmounts[code] ?? '0.00';
  const fields: CufeFields = {
    numFac: head.number ?? '',
    fecFac: head.issueDate ?? '',
    horFac: head.issueTime ?? '',
    valFac: head.lineExtensionAmount ?? '',
    valIva: taxAmount('01'),
    valInc: taxAmount('04'),
    valIca: taxAmount('03'),
    valTot: head.payableAmount ?? '',
    nitOfe: head.supplierNit ?? '',
    numAdq: head.customerId ?? '',
    key,
    environment: head.environment === '1' ? '1' : '2',
  };
  const declared = head.key;
  let computed: string;
  try {
    computed = cufe(fields);
  } catch (error) {
    return { name, ok: false, detail: error instanceof Error ? error.message : 'cannot compute' };
  }
  return {
    name,
    ok: computed === declared,
    detail:
      computed === declared
        ? 'recomputed, matches cbc:UUID'
        : `recomputed ${computed}, cbc:UUID says ${declared ?? 'nothing'}`,
  };
}
