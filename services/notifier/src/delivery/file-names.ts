import { documentKinds, type DocumentKind } from './document-kinds.ts';

/**
 * Annex §6.5 file names for the AttachedDocument, its zip and the PDF (a note's PDF takes its own prefix).
 *
 *   deliveryFileNames({ nit: '900373076', year: 2026, consecutive: '990000001' }).xml
 *   // 'ad0900373076000263B023381.xml'
 */
export function deliveryFileNames(input: { nit: string; year: number; consecutive: string; kind?: DocumentKind }) {
  const consecutive = (BigInt(input.consecutive) % 0x1_0000_0000n).toString(16).toUpperCase().padStart(8, '0');
  const body = `${input.nit.padStart(10, '0')}000${String(input.year % 100).padStart(2, '0')}${consecutive}`;
  const pdfPrefix = documentKinds[input.kind ?? 'invoice'].pdfPrefix;
  return { body, xml: `ad${body}.xml`, pdf: `${pdfPrefix}${body}.pdf`, zip: `z${body}.zip` };
}

/**
 * The subject DIAN fixes (annex §9.1): `NIT;issuer's name;number;document type code;trade name`.
 * A `;` inside a name would shift the fields a receiving system splits on, so it becomes a `,`.
 */
export function deliverySubject(input: {
  nit: string;
  legalName: string;
  number: string;
  typeCode: string;
  tradeName: string;
}): string {
  const field = (text: string) =>
    text
      .replace(/;/g, ',')
      .replace(/[\r\n]+/g, ' ')
      .trim();
  return [input.nit, field(input.legalName), input.number, input.typeCode, field(input.tradeName)].join(';');
}
