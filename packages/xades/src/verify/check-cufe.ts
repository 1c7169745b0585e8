import { cufe, type CufeFields } from '@fe/dian-domain';
import type { Document } from '@xmldom/xmldom';
import { childElements, NS, path, text } from './dom.ts';
import type { Check } from './report.ts';

/**
 * Recomputes the CUFE from the signed document's own fields (annex §1.1) and compares it with
 * cbc:UUID. A credit or debit note's CUDE (annex §1.2) has the same fields, its totals in
 * LegalMonetaryTotal or RequestedMonetaryTotal, and the software PIN as `key`; the check is named
 * after the UUID's scheme.
 */
export function checkCufe(doc: Document, key: string | undefined): Check {
  const root = doc.documentElement ?? undefined;
  const name = root && path(root, [NS.cbc, 'UUID'])?.getAttribute('schemeName') === 'CUDE-SHA384' ? 'CUDE' : 'CUFE';
  if (key === undefined) return { name, ok: null, detail: 'not checked (no --technical-key)' };
  const cbc = (name: string): [string, string] => [NS.cbc, name];
  const cac = (name: string): [string, string] => [NS.cac, name];
  const taxAmount = (code: string) => {
    const total = childElements(root!, NS.cac, 'TaxTotal').find((t) =>
      text(path(t, cac('TaxSubtotal'), cac('TaxCategory'), cac('TaxScheme'), cbc('ID'))) === code);
    return text(path(total, cbc('TaxAmount'))) ?? '0.00';
  };
  const companyId = (party: string) => text(path(root, cac(party), cac('Party'), cac('PartyTaxScheme'), cbc('CompanyID'))) ?? '';
  const environment = text(path(root, cbc('ProfileExecutionID')));
  const totals = root && (path(root, cac('LegalMonetaryTotal')) ?? path(root, cac('RequestedMonetaryTotal')));
  const fields: CufeFields = {
    numFac: text(path(root, cbc('ID'))) ?? '',
    fecFac: text(path(root, cbc('IssueDate'))) ?? '',
    horFac: text(path(root, cbc('IssueTime'))) ?? '',
    valFac: text(path(totals, cbc('LineExtensionAmount'))) ?? '',
    valIva: taxAmount('01'),
    valInc: taxAmount('04'),
    valIca: taxAmount('03'),
    valTot: text(path(totals, cbc('PayableAmount'))) ?? '',
    nitOfe: companyId('AccountingSupplierParty'),
    numAdq: companyId('AccountingCustomerParty'),
    key,
    environment: environment === '1' ? '1' : '2',
  };
  const declared = text(path(root, cbc('UUID')));
  let computed: string;
  try {
    computed = cufe(fields);
  } catch (error) {
    return { name, ok: false, detail: error instanceof Error ? error.message : 'cannot compute' };
  }
  return { name, ok: computed === declared, detail: computed === declared ? 'recomputed, matches cbc:UUID' : `recomputed ${computed}, cbc:UUID says ${declared ?? 'nothing'}` };
}
