import type { RuleCode } from './catalogue.ts';

/**
 * The annex's file names (reference §6.5; the rule: docs/choices.md, "File names"): `<kind><NIT, 10 digits><PPP>
 * <year, 2 digits><8 uppercase hex>`, `.zip` for `z`, `.xml` for the rest. The 8 hex digits are a file counter, so
 * 00000000 is never one. The simulator's own reading: one mistake cannot pass on both sides.
 */
const NAME = /^(fv|nc|nd|ar|ad|z)(\d{10})(\d{3})(\d{2})([0-9A-F]{8})\.(xml|zip)$/;

type FileName = { kind: string; nit: string; provider: string; year: string };

function readName(name: string): FileName | undefined {
  const [, kind, nit, provider, year, consecutive, extension] = NAME.exec(name) ?? [];
  if (!kind || extension !== (kind === 'z' ? 'zip' : 'xml') || consecutive === '00000000') return undefined;
  return { kind, nit: nit!, provider: provider!, year: year! };
}

export type ReceivedNames = {
  /** The SOAP fileName; undefined for SendEventUpdateStatus, which carries none. */
  zip: string | undefined;
  /** The XML's name inside the zip. */
  xml: string;
};

/**
 * SIM-NAME01 a zip not named `z…zip`; SIM-NAME02 an XML not named for its kind (fv, nc, nd, ar) and its issuer's
 * NIT; SIM-NAME03 the two disagreeing on NIT, provider code or year (one issuer's file in one year's zip).
 */
export function checkFileNames(
  names: ReceivedNames,
  kind: 'fv' | 'nc' | 'nd' | 'ar',
  issuerNit: string | undefined,
): RuleCode[] {
  const codes: RuleCode[] = [];
  const zip = names.zip === undefined ? undefined : readName(names.zip);
  if (names.zip !== undefined && zip?.kind !== 'z') codes.push('SIM-NAME01');
  const xml = readName(names.xml);
  if (!xml || xml.kind !== kind || xml.nit !== (issuerNit ?? '').padStart(10, '0')) codes.push('SIM-NAME02');
  else if (zip?.kind === 'z' && (zip.nit !== xml.nit || zip.provider !== xml.provider || zip.year !== xml.year))
    codes.push('SIM-NAME03');
  return codes;
}
