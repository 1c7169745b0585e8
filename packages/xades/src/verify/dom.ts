import { DOMParser, type Document, type Element, type Node } from '@xmldom/xmldom';
import { C14nCanonicalization } from 'xml-crypto';

// The verifier's DOM side: it must not share the signer's string shortcuts, so it parses the
// document and canonicalizes with xml-crypto's inclusive C14N like any third-party validator.

export const NS = {
  ds: 'http://www.w3.org/2000/09/xmldsig#',
  xades: 'http://uri.etsi.org/01903/v1.3.2#',
  cbc: 'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2',
  cac: 'urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2',
} as const;

/**
 * XML 1.0 line ends (§2.11) only: xmldom's XML 1.1 default also rewrites U+0085, U+2028 and U+2029, which changes
 * an XML 1.0 invoice's digest.
 */
const xml10LineEnds = (input: string) => input.replace(/\r\n?/g, '\n');

export function parseXml(xml: string): Document {
  return new DOMParser({
    normalizeLineEndings: xml10LineEnds,
    onError: (level, message) => {
      if (level !== 'warning') throw new Error(message);
    },
  }).parseFromString(xml, 'text/xml');
}

export function childElements(parent: Node, ns: string, localName: string): Element[] {
  const out: Element[] = [];
  for (let n = parent.firstChild; n; n = n.nextSibling) {
    if (n.nodeType === 1 && (n as Element).namespaceURI === ns && (n as Element).localName === localName)
      out.push(n as Element);
  }
  return out;
}

/** Follows a path of [namespace, localName] steps through first matching children. */
export function path(from: Node | undefined, ...steps: [string, string][]): Element | undefined {
  let node: Node | undefined = from;
  for (const [ns, name] of steps) node = node ? childElements(node, ns, name)[0] : undefined;
  return node as Element | undefined;
}

export const text = (element: Element | undefined): string | undefined => element?.textContent?.trim() ?? undefined;

/**
 * The first element in document order whose Id is `id`. Walked by hand: xmldom's live lists walk the whole tree again
 * after every change, and the enveloped transform changes it.
 */
export function findById(doc: Document, id: string): Element | undefined {
  const root = doc.documentElement;
  let node: Node | null = root;
  while (node) {
    if (node.nodeType === 1 && (node as Element).getAttribute('Id') === id) return node as Element;
    if (node.firstChild) {
      node = node.firstChild;
      continue;
    }
    while (node && node !== root && !node.nextSibling) node = node.parentNode;
    node = node && node !== root ? node.nextSibling : null;
  }
  return undefined;
}

/** Namespace declarations in scope at `element` (nearest wins), which inclusive C14N of a subtree renders. */
function ancestorNamespaces(element: Element): { prefix: string; namespaceURI: string }[] {
  const seen = new Map<string, string>();
  for (let n = element.parentNode; n && n.nodeType === 1; n = n.parentNode) {
    const attributes = (n as Element).attributes;
    for (let i = 0; i < attributes.length; i++) {
      const a = attributes.item(i);
      if (!a) continue;
      const prefix = a.name === 'xmlns' ? '' : a.name.startsWith('xmlns:') ? a.name.slice(6) : undefined;
      if (prefix !== undefined && !seen.has(prefix)) seen.set(prefix, a.value);
    }
  }
  return [...seen].map(([prefix, namespaceURI]) => ({ prefix, namespaceURI }));
}

export function canonicalize(node: Element): string {
  return new C14nCanonicalization().process(node, { ancestorNamespaces: ancestorNamespaces(node) }) as string;
}

/**
 * The canonical form of a whole document (without its XML declaration), through the DOM: for
 * documents that did not come from @fe/dian-domain (`fe sign` on a user's file). Never on the hot path.
 */
export function canonicalDocument(xml: string): string {
  const root = parseXml(xml).documentElement;
  if (!root) throw new Error('no root element');
  return new C14nCanonicalization().process(root, {}) as string;
}
