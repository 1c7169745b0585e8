import { isAbsolute, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { XmlDocument, xmlRegisterInputProvider, XsdValidator } from 'libxml2-wasm';
import { fsInputProviders } from 'libxml2-wasm/lib/nodejs.mjs';
import { ubl, type DocumentKind } from '../rules/invoice-view.ts';

/** DIAN's copies of the UBL 2.1 schemas (spec/dian/README.md): the maindocs import the rest of the folder. */
const XSD_DIR = fileURLToPath(new URL('../../../../spec/dian/xsd/', import.meta.url));

/** What the schema judges: the three documents, and a RADIAN event (an ApplicationResponse). */
export type SchemaRoot = DocumentKind | 'event';

/** Each kind's root element and the maindoc that declares it. */
export const DOCUMENT_ROOTS: Record<SchemaRoot, { name: string; ns: string; xsd: string }> = {
  invoice: { name: 'Invoice', ns: ubl.invoice, xsd: 'UBL-Invoice-2.1.xsd' },
  'credit-note': { name: 'CreditNote', ns: ubl.creditNote, xsd: 'UBL-CreditNote-2.1.xsd' },
  'debit-note': { name: 'DebitNote', ns: ubl.debitNote, xsd: 'UBL-DebitNote-2.1.xsd' },
  event: { name: 'ApplicationResponse', ns: ubl.applicationResponse, xsd: 'UBL-ApplicationResponse-2.1.xsd' },
};

/** Whether libxml2 may open this file: only the schemas' own folder, no network (xmllint's --nonet, and more). */
export function readableBySchemaParser(filename: string): boolean {
  let path = filename;
  if (/^[a-z][a-z0-9+.-]*:/i.test(filename)) {
    if (!filename.startsWith('file:')) return false;
    try {
      path = fileURLToPath(filename);
    } catch {
      return false; // a file URL naming another host
    }
  }
  return isAbsolute(path) && resolve(path).startsWith(XSD_DIR);
}

let validator: XsdValidator | undefined;
/** The schema's document, held as long as its validator: libxml2's parsed schema points into it. */
let schemaDocument: XmlDocument | undefined;

/**
 * One libxml2 (WebAssembly) validator for the four maindocs, parsed once per thread and kept for its life: parsing
 * costs far more than validating an invoice, and one schema holds the UBL components they share once.
 */
export function documentsSchema(): XsdValidator {
  if (validator) return validator;
  xmlRegisterInputProvider({
    ...fsInputProviders,
    match: (file) => readableBySchemaParser(file) && fsInputProviders.match(file),
  });
  const imports = Object.values(DOCUMENT_ROOTS).map(
    (root) => `<xsd:import namespace="${root.ns}" schemaLocation="${root.xsd}"/>`,
  );
  schemaDocument = XmlDocument.fromString(
    `<xsd:schema xmlns:xsd="http://www.w3.org/2001/XMLSchema">${imports.join('')}</xsd:schema>`,
    { url: `${XSD_DIR}maindoc/documents.xsd` },
  );
  validator = XsdValidator.fromDoc(schemaDocument);
  return validator;
}
