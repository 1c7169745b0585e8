import { XMLParser } from 'fast-xml-parser';
import { RendererError } from '../errors.ts';

/**
 * A thin, typed walk over fast-xml-parser's object tree of a UBL document. Namespace prefixes
 * are dropped (cbc:ID → ID): the UBL names are unique enough for reading, and this keeps the
 * reader indifferent to the prefixes a signer or another issuer chose.
 */
export type XmlNode = { readonly [key: string]: unknown };

// Elements that may repeat: always read as arrays, so one occurrence and many look the same.
const REPEATED = new Set([
  'InvoiceLine', 'TaxTotal', 'TaxSubtotal', 'PartyName', 'AddressLine', 'Note', 'PaymentMeans',
  'UBLExtension', 'PartyIdentification', 'PartyTaxScheme',
]);

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  removeNSPrefix: true,
  // Amounts and codes are texts ('01', '19.00'): never let the parser turn them into numbers.
  parseTagValue: false,
  parseAttributeValue: false,
  isArray: (name) => REPEATED.has(name),
  // The signature is not printed; skipping its subtree keeps parsing cheap.
  stopNodes: ['*.Signature'],
});

export function parseInvoiceRoot(xml: string): XmlNode {
  // No separate well-formedness pass (it doubled the cost of reading): what fails to parse, or
  // parses without an Invoice root, is refused either way.
  let doc: XmlNode;
  try {
    doc = parser.parse(xml) as XmlNode;
  } catch (error) {
    throw new RendererError('NOT_AN_INVOICE', `not well-formed XML: ${(error as Error).message}`);
  }
  const root = doc['Invoice'];
  if (!isNode(root)) throw new RendererError('NOT_AN_INVOICE', 'the root element is not a UBL Invoice');
  return root;
}

const isNode = (value: unknown): value is XmlNode => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The first element at the path (arrays are entered at their first item). */
export function child(node: XmlNode | undefined, ...path: string[]): XmlNode | undefined {
  let current: unknown = node;
  for (const name of path) {
    if (!isNode(current)) return undefined;
    current = current[name];
    if (Array.isArray(current)) current = current[0];
    if (typeof current === 'string') current = { '#text': current };
  }
  return isNode(current) ? current : undefined;
}

/** Every element with that name directly under the node. */
export function children(node: XmlNode | undefined, name: string): XmlNode[] {
  const value = node?.[name];
  const items = Array.isArray(value) ? value : value === undefined ? [] : [value];
  return items.map((item: unknown) => (typeof item === 'string' ? { '#text': item } : isNode(item) ? item : {}));
}

/** The text of the element at the path, or undefined when it is absent or empty. */
export function text(node: XmlNode | undefined, ...path: string[]): string | undefined {
  const target = child(node, ...path);
  const value = target?.['#text'];
  return typeof value === 'string' && value !== '' ? value : undefined;
}

export function attribute(node: XmlNode | undefined, name: string): string | undefined {
  const value = node?.[`@${name}`];
  return typeof value === 'string' ? value : undefined;
}

/** A field the law requires on the PDF: its absence means the invoice itself is broken. */
export function required(value: string | undefined, what: string): string {
  if (value === undefined) throw new RendererError('MISSING_FIELD', `the invoice has no ${what}`);
  return value;
}
