import { parseXmlTree, textContent, XmlParseError, type XmlElement } from './xml-tree.ts';

export { XmlParseError, type XmlElement };

/** A parsed document: its root element (the DOM's name, which the readers were written against). */
export function parseXml(text: string): { documentElement: XmlElement } {
  return { documentElement: parseXmlTree(text) };
}

/** Child elements of `parent` with this namespace and local name, in document order. */
export function childElements(parent: XmlElement, ns: string, name: string): XmlElement[] {
  const out: XmlElement[] = [];
  for (const child of parent.content) {
    if (typeof child !== 'string' && child.localName === name && child.namespaceURI === ns) out.push(child);
  }
  return out;
}

export function childElement(parent: XmlElement | undefined, ns: string, name: string): XmlElement | undefined {
  if (!parent) return undefined;
  for (const child of parent.content) {
    if (typeof child !== 'string' && child.localName === name && child.namespaceURI === ns) return child;
  }
  return undefined;
}

/** Follows a path of [ns, name] steps; undefined as soon as one is missing. */
export function pathElement(start: XmlElement | undefined, ...steps: [string, string][]): XmlElement | undefined {
  let at = start;
  for (const [ns, name] of steps) at = childElement(at, ns, name);
  return at;
}

export function textOf(element: XmlElement | undefined): string | undefined {
  return element ? textContent(element) : undefined;
}

const XSI = 'http://www.w3.org/2001/XMLSchema-instance';
/** xsi:nil="true" elements are absent values, not empty strings (WCF writes them for nulls). */
export function isNil(element: XmlElement): boolean {
  const nil = element.attributes.get(`{${XSI}}nil`);
  return nil === 'true' || nil === '1';
}
