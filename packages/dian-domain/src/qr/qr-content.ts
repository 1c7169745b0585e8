/**
 * The text of DIAN's QR (annex §4.2) and the public lookup URL; a note's QR describes the note and carries its
 * CUDE (docs/dian-domain.md, "Credit and debit notes").
 */
const LOOKUP_HOST = { '1': 'https://catalogo-vpfe.dian.gov.co', '2': 'https://catalogo-vpfe-hab.dian.gov.co' } as const;

export const dianLookupUrl = (cufe: string, environment: '1' | '2'): string =>
  `${LOOKUP_HOST[environment]}/document/searchqr?documentkey=${cufe}`;

export type QrFields = {
  numFac: string;
  fecFac: string;
  horFac: string;
  nitFac: string;
  docAdq: string;
  valFac: string;
  valIva: string;
  /** Σ of the other taxes (INC, ICA …). */
  valOtroIm: string;
  /** Total payable. */
  valTolFac: string;
  /** The document's key: the CUFE of an invoice, the CUDE of a note (see `keyLabel`). */
  cufe: string;
  environment: '1' | '2';
  /** How the key's line is labelled: 'CUFE' (an invoice, the default) or 'CUDE' (a credit or debit note). */
  keyLabel?: 'CUFE' | 'CUDE';
};

export function qrContent(f: QrFields): string {
  return [
    `NumFac: ${f.numFac}`,
    `FecFac: ${f.fecFac}`,
    `HorFac: ${f.horFac}`,
    `NitFac: ${f.nitFac}`,
    `DocAdq: ${f.docAdq}`,
    `ValFac: ${f.valFac}`,
    `ValIva: ${f.valIva}`,
    `ValOtroIm: ${f.valOtroIm}`,
    `ValTolFac: ${f.valTolFac}`,
    `${f.keyLabel ?? 'CUFE'}: ${f.cufe}`,
    dianLookupUrl(f.cufe, f.environment),
  ].join('\n');
}
