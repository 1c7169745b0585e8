import { NS, type Step } from './namespaces.ts';
import { textContent, type XmlElement } from './xml-tree.ts';

/** Child elements of `parent` with this namespace and local name, in document order. */
export function childElements(parent: XmlElement | undefined, ns: string, name: string): XmlElement[] {
  const out: XmlElement[] = [];
  if (!parent) return out;
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

/** Follows a path of [ns, name] steps through first matching children; undefined as soon as one is missing. */
export function pathElement(start: XmlElement | undefined, ...steps: Step[]): XmlElement | undefined {
  let at = start;
  for (const [ns, name] of steps) at = childElement(at, ns, name);
  return at;
}

/** The element's whole text (the DOM's textContent), or undefined when it is absent. */
export function textOf(element: XmlElement | undefined): string | undefined {
  return element ? textContent(element) : undefined;
}

/** The trimmed text at the path, or undefined when the element is absent. */
export function textAt(start: XmlElement | undefined, ...steps: Step[]): string | undefined {
  return textOf(pathElement(start, ...steps))?.trim();
}

/** An attribute in no namespace (`currencyID`), or by `{uri}local` for a namespaced one. */
export function attributeOf(element: XmlElement | undefined, name: string): string | undefined {
  return element?.attributes.get(name);
}

/** Every element in the subtree (the element itself included) with this namespace and local name, in document order. */
export function descendants(element: XmlElement, ns: string, name: string): XmlElement[] {
  const out: XmlElement[] = [];
  const walk = (at: XmlElement) => {
    if (at.localName === name && at.namespaceURI === ns) out.push(at);
    for (const child of at.content) if (typeof child !== 'string') walk(child);
  };
  walk(element);
  return out;
}

/** xsi:nil="true" elements are absent values, not empty strings (WCF writes them for nulls). */
export function isNil(element: XmlElement): boolean {
  const nil = element.attributes.get(`{${NS.xsi}}nil`);
  return nil === 'true' || nil === '1';
}

// A walk by local name alone, for readers indifferent to namespaces (a UBL name is unique enough
// within its document).

/** The first element at the path of local names. */
export function child(node: XmlElement | undefined, ...path: string[]): XmlElement | undefined {
  let at = node;
  for (const name of path) {
    if (!at) return undefined;
    let found: XmlElement | undefined;
    for (const c of at.content) {
      if (typeof c !== 'string' && c.localName === name) {
        found = c;
        break;
      }
    }
    at = found;
  }
  return at;
}

/** Every element with that local name directly under the node. */
export function children(node: XmlElement | undefined, name: string): XmlElement[] {
  const out: XmlElement[] = [];
  if (node) for (const c of node.content) if (typeof c !== 'string' && c.localName === name) out.push(c);
  return out;
}

/** The element's own text (not its children's), trimmed; undefined when it is absent or empty. */
export function ownText(node: XmlElement | undefined, ...path: string[]): string | undefined {
  const target = path.length ? child(node, ...path) : node;
  if (!target) return undefined;
  let out = '';
  for (const part of target.content) if (typeof part === 'string') out += part;
  return out.trim() || undefined;
}

/** The element and every element under it, in document order. */
export function everyElement(element: XmlElement): XmlElement[] {
  const out: XmlElement[] = [element];
  for (const child of element.content) if (typeof child !== 'string') out.push(...everyElement(child));
  return out;
}

/**
 * A copy of a string read from a document that does not keep the document alive: V8 shares the parent's memory with
 * a slice, so a slice kept past the document holds all of it.
 */
export const detached = (text: string): string => Buffer.from(text, 'utf8').toString('utf8');

// The element as written, for a builder that copies part of a document byte for byte. `text` is
// the string the element was parsed from.

/** The element as written in `text`: its tags and everything between them. */
export function sourceOf(text: string, element: XmlElement): string {
  return text.slice(element.start, element.end);
}

/** The element's content as written in `text` (entities and CDATA sections as they are); '' when it is empty. */
export function contentSourceOf(text: string, element: XmlElement): string {
  let quote = '';
  let i = element.start + 1;
  for (; i < element.end; i++) {
    // the start tag ends at the first `>` outside a quoted attribute value
    const c = text[i];
    if (quote) {
      if (c === quote) quote = '';
    } else if (c === '"' || c === "'") quote = c;
    else if (c === '>') break;
  }
  return text[i - 1] === '/' ? '' : text.slice(i + 1, text.lastIndexOf('</', element.end - 1));
}
