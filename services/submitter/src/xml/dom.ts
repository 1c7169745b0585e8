import { DOMParser, type Document, type Element } from '@xmldom/xmldom';

/**
 * A namespace-aware DOM (xmldom) and the three lookups the SOAP and UBL readers need. xmldom is
 * strict enough (well-formedness, namespaces) and pure JavaScript; DTDs and external entities are
 * never fetched by it.
 */
export class XmlParseError extends Error {}

export function parseXml(text: string): Document {
  const fail = (level: string, message: string) => {
    if (level !== 'warning') throw new XmlParseError(message);
  };
  let document: Document;
  try {
    document = new DOMParser({ onError: fail }).parseFromString(text, 'text/xml');
  } catch (error) {
    throw error instanceof XmlParseError ? error : new XmlParseError(String(error));
  }
  if (!document.documentElement) throw new XmlParseError('no root element');
  return document;
}

/** Child elements of `parent` with this namespace and local name, in document order. */
export function childElements(parent: Element, ns: string, name: string): Element[] {
  const out: Element[] = [];
  for (let n = parent.firstChild; n; n = n.nextSibling) {
    if (n.nodeType === 1 && (n as Element).localName === name && (n as Element).namespaceURI === ns) out.push(n as Element);
  }
  return out;
}

export function childElement(parent: Element | undefined, ns: string, name: string): Element | undefined {
  if (!parent) return undefined;
  for (let n = parent.firstChild; n; n = n.nextSibling) {
    if (n.nodeType === 1 && (n as Element).localName === name && (n as Element).namespaceURI === ns) return n as Element;
  }
  return undefined;
}

/** Follows a path of [ns, name] steps; undefined as soon as one is missing. */
export function pathElement(start: Element | undefined, ...steps: [string, string][]): Element | undefined {
  let at = start;
  for (const [ns, name] of steps) at = childElement(at, ns, name);
  return at;
}

export function textOf(element: Element | undefined): string | undefined {
  return element ? (element.textContent ?? '') : undefined;
}

const XSI = 'http://www.w3.org/2001/XMLSchema-instance';
/** xsi:nil="true" elements are absent values, not empty strings (WCF writes them for nulls). */
export function isNil(element: Element): boolean {
  const nil = element.getAttributeNS(XSI, 'nil');
  return nil === 'true' || nil === '1';
}
