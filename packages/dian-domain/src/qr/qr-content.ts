/**
 * The text of DIAN's QR (annex §4.2), printed on the PDF and written in sts:QRCode, and the
 * public lookup URL for the environment.
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
  cufe: string;
  environment: '1' | '2';
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
    `CUFE: ${f.cufe}`,
    dianLookupUrl(f.cufe, f.environment),
  ].join('\n');
}
