import { attributeOf, child, children, everyElement, parseXmlTree, textOf } from '@fe/dian-xml';
import {
  documentEventAmendments,
  fiscalResponsibilityAmendments,
  identificationTypeAmendments,
  unitAmendments,
  type Amendment,
} from './amendments.ts';

/**
 * The code lists generated from DIAN's genericode files plus amendments.ts; only the generator and its test use
 * this, the domain imports the JSON. Takes text, not paths, so it stays free of I/O.
 */
export const codelistSources = {
  'payment-means': { file: 'MediosPago-2.1.gc', amendments: [] },
  municipalities: { file: 'Municipio-2.1.gc', amendments: [] },
  departments: { file: 'Departamentos-2.1.gc', amendments: [] },
  units: { file: 'UnidadesMedida-2.1.gc', amendments: unitAmendments },
  currencies: { file: 'TipoMoneda-2.1.gc', amendments: [] },
  'identification-types': { file: 'TipoIdFiscal-2.1.gc', amendments: identificationTypeAmendments },
  'fiscal-responsibilities': { file: 'TipoResponsabilidad-2.1.gc', amendments: fiscalResponsibilityAmendments },
  countries: { file: 'Paises-2.1.gc', amendments: [] },
  'delivery-terms': { file: 'TipoEntrega-2.1.gc', amendments: [] },
  'document-events': { file: 'EventoDocumento-2.1.gc', amendments: documentEventAmendments },
} as const satisfies Record<string, { file: string; amendments: readonly Amendment[] }>;

export type CodelistName = keyof typeof codelistSources;

/** A list's code → name pairs: DIAN's file, then its amendments; codes keep DIAN's order, added ones go last. */
export function generateCodelist(name: CodelistName, genericode: string): Record<string, string> {
  const rows = parseGenericode(genericode);
  for (const amendment of codelistSources[name].amendments as readonly Amendment[]) {
    if (amendment.name === null) delete rows[amendment.code];
    else rows[amendment.code] = amendment.name;
  }
  return rows;
}

export function parseGenericode(xml: string): Record<string, string> {
  const rows: Record<string, string> = {};
  for (const row of everyElement(parseXmlTree(xml)).filter((e) => e.localName === 'Row')) {
    const value = (column: string) =>
      textOf(
        child(
          children(row, 'Value').find((v) => attributeOf(v, 'ColumnRef') === column),
          'SimpleValue',
        ),
      )?.trim();
    const code = value('code');
    const name = value('name');
    if (code !== undefined && name !== undefined) rows[code] = name;
  }
  return rows;
}
