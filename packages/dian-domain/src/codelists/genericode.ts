/**
 * Reads the code → name pairs of a DIAN genericode (.gc) file. Used only by the generator script
 * and the test that keeps the checked-in JSON equal to DIAN's lists; the domain imports the JSON.
 * Takes the file's text, not a path, so this module stays free of I/O.
 */
export const codelistSources = {
  'payment-means': 'MediosPago-2.1.gc',
  municipalities: 'Municipio-2.1.gc',
  departments: 'Departamentos-2.1.gc',
  units: 'UnidadesMedida-2.1.gc',
  countries: 'Paises-2.1.gc',
} as const;

export function parseGenericode(xml: string): Record<string, string> {
  const rows: Record<string, string> = {};
  for (const row of xml.matchAll(/<Row>([\s\S]*?)<\/Row>/g)) {
    const value = (column: string) =>
      new RegExp(`<Value ColumnRef="${column}">\\s*<SimpleValue>([^<]*)</SimpleValue>`).exec(row[1]!)?.[1]?.trim();
    const code = value('code');
    const name = value('name');
    if (code !== undefined && name !== undefined) rows[code] = decodeEntities(name);
  }
  return rows;
}

const decodeEntities = (s: string) =>
  s.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&apos;/g, "'").replace(/&amp;/g, '&');
