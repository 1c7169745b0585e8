import type { DianFileNames } from '@fe/dian-client';
import { documentKinds, type DocumentKind } from './document-kinds.ts';

/**
 * The files of the buyer's zip (annex §6.5): the AttachedDocument and its zip under the names the file counter gave
 * them, and the PDF beside the AttachedDocument under its number (a note's PDF takes its own prefix).
 *
 *   deliveryFileNames({ xml: 'ad09003730760002600000001.xml', zip: 'z09003730760002600000007.zip' }, 'credit_note')
 *   // { xml: 'ad…01.xml', pdf: 'nc09003730760002600000001.pdf', zip: 'z…07.zip' }
 */
export function deliveryFileNames(names: DianFileNames, kind: DocumentKind = 'invoice') {
  const body = names.xml.replace(/^ad/, '').replace(/\.xml$/, '');
  return { xml: names.xml, pdf: `${documentKinds[kind].pdfPrefix}${body}.pdf`, zip: names.zip };
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
