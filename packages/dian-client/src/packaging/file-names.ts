/**
 * DIAN's file names (annex §6.5.7/6.5.8): `<type><NIT, 10 digits><PPP><AA><8 hex>.xml`, and the zip
 * `z<same body>.zip`. The consecutive is the document's number in hexadecimal (990000001 →
 * 3B023381; a RADIAN event's, `ar`, its CUDE's first 8 hex digits: document-facts.ts), so a resend
 * of the same document carries the same names, which keeps a retry after a lost answer
 * recognisable. DIAN does not seem to enforce the convention (reference §6.5).
 */
export type DocumentType = 'fv' | 'nc' | 'nd' | 'ar' | 'ad';

export type FileNameParts = {
  type: DocumentType;
  /** Issuer NIT without DV. */
  nit: string;
  /** Technology-provider code; '000' for the issuer's own software. */
  providerCode?: string;
  /** Issue date (YYYY-MM-DD); its year's last two digits go in the name. */
  issueDate: string;
  /** The document's consecutive (digits, without the prefix). */
  consecutive: string;
};

export type DianFileNames = { xml: string; zip: string };

export function dianFileNames(parts: FileNameParts): DianFileNames {
  if (!/^\d{1,10}$/.test(parts.nit)) throw new RangeError('nit must be 1–10 digits');
  if (!/^\d{4}-\d{2}-\d{2}$/.test(parts.issueDate)) throw new RangeError('issueDate must be YYYY-MM-DD');
  if (!/^\d{1,20}$/.test(parts.consecutive)) throw new RangeError('consecutive must be digits');
  const provider = parts.providerCode ?? '000';
  if (!/^\d{3}$/.test(provider)) throw new RangeError('providerCode must be 3 digits');
  const hex = (BigInt(parts.consecutive) % 0x1_0000_0000n).toString(16).toUpperCase().padStart(8, '0');
  const body = `${parts.nit.padStart(10, '0')}${provider}${parts.issueDate.slice(2, 4)}${hex}`;
  return { xml: `${parts.type}${body}.xml`, zip: `z${body}.zip` };
}
