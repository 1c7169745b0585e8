import { createHash } from 'node:crypto';

/**
 * CUFE / CUDE (annex 1.9 §1.1–1.2): SHA-384 hex of the fields joined with no separator; amounts must be the
 * exact 2-decimal strings written in the XML.
 */
export type CufeFields = {
  /** Prefix + number, as in cbc:ID. */
  numFac: string;
  /** YYYY-MM-DD (cbc:IssueDate). */
  fecFac: string;
  /** HH:MM:SS-05:00 (cbc:IssueTime). */
  horFac: string;
  /** LegalMonetaryTotal/LineExtensionAmount. */
  valFac: string;
  valIva: string;
  valInc: string;
  valIca: string;
  /** LegalMonetaryTotal/PayableAmount. */
  valTot: string;
  /** Issuer NIT without DV. */
  nitOfe: string;
  /** Buyer identification without DV (AccountingCustomerParty PartyTaxScheme/CompanyID). */
  numAdq: string;
  /** ClTec (technical key of the range) for a CUFE; the software PIN for a CUDE. */
  key: string;
  /** '1' production, '2' habilitación. */
  environment: '1' | '2';
};

const AMOUNT = /^\d+\.\d{2}$/;

export function cufeInput(f: CufeFields): string {
  for (const [name, value] of Object.entries({
    valFac: f.valFac,
    valIva: f.valIva,
    valInc: f.valInc,
    valIca: f.valIca,
    valTot: f.valTot,
  })) {
    if (!AMOUNT.test(value)) throw new RangeError(`${name} must have exactly 2 decimals: ${value}`);
  }
  return (
    f.numFac +
    f.fecFac +
    f.horFac +
    f.valFac +
    '01' +
    f.valIva +
    '04' +
    f.valInc +
    '03' +
    f.valIca +
    f.valTot +
    f.nitOfe +
    f.numAdq +
    f.key +
    f.environment
  );
}

export const sha384Hex = (text: string): string => createHash('sha384').update(text, 'utf8').digest('hex');

/** CUFE of a sales invoice: `key` is the range's technical key (ClTec). */
export const cufe = (fields: CufeFields): string => sha384Hex(cufeInput(fields));

/** CUDE of a credit/debit note or equivalent document: `key` is the software PIN. */
export const cude = (fields: CufeFields): string => sha384Hex(cufeInput(fields));

/** sts:SoftwareSecurityCode = SHA-384(SoftwareID + PIN + cbc:ID) (annex §1.3). */
export const softwareSecurityCode = (softwareId: string, pin: string, documentId: string): string =>
  sha384Hex(softwareId + pin + documentId);
