/**
 * DIAN's file names (annex §6.5.7/6.5.8, reference §6.5; the rule chosen: docs/choices.md, "File names"):
 * `<kind><NIT, 10 digits><PPP><AA><8 hex>.xml`, a zip `z<…>.zip`. The 8 hex digits are a file counter per issuer,
 * year and kind (ports/file-counter.ts), never the document's number: NC1 and ND1, or SETP1 and SETT1, would share it.
 *
 *   dianFileName({ kind: 'fv', nit: '900373076', year: 2026, consecutive: 0x3b023381 })
 *   // 'fv0900373076000263B023381.xml'
 */
export type FileKind = 'fv' | 'nc' | 'nd' | 'ar' | 'ad' | 'z';

/** The kinds of a signed XML document DIAN receives or the buyer gets (the zip is `z`). */
export type DocumentType = Exclude<FileKind, 'z'>;

export type FileNameParts = {
  kind: FileKind;
  /** Issuer NIT without DV, 1–10 digits. */
  nit: string;
  /** Technology-provider code; '000' for the issuer's own software (reference §6.5). */
  providerCode?: string;
  /** The calendar year the counter belongs to; its last two digits go in the name. */
  year: number;
  /** The file counter's value, 1 to 0xFFFFFFFF (8 hex digits). */
  consecutive: number;
};

/** A document's file and the zip it travels in. */
export type DianFileNames = { xml: string; zip: string };

export const MAX_FILE_CONSECUTIVE = 0xffff_ffff;

export function dianFileName(parts: FileNameParts): string {
  if (!/^\d{1,10}$/.test(parts.nit)) throw new RangeError('nit must be 1–10 digits');
  const provider = parts.providerCode ?? '000';
  if (!/^\d{3}$/.test(provider)) throw new RangeError('providerCode must be 3 digits');
  if (!Number.isInteger(parts.year) || parts.year < 2000 || parts.year > 9999)
    throw new RangeError('year out of range');
  const n = parts.consecutive;
  // Eight hex digits hold 2^32 - 1 files a year; past that a name would repeat, so it is refused.
  if (!Number.isSafeInteger(n) || n < 1 || n > MAX_FILE_CONSECUTIVE) throw new RangeError('consecutive out of range');
  const body = `${parts.nit.padStart(10, '0')}${provider}${String(parts.year % 100).padStart(2, '0')}${n.toString(16).toUpperCase().padStart(8, '0')}`;
  return `${parts.kind}${body}.${parts.kind === 'z' ? 'zip' : 'xml'}`;
}
