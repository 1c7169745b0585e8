/**
 * The light tree the parser (light-xml.ts) builds, and the lookups the rules and verifiers read it with.
 */
export const XML_NS = 'http://www.w3.org/XML/1998/namespace';

/** prefix → namespace URI in scope ('' is the default namespace; '' as a value means none). */
export type Scope = ReadonlyMap<string, string>;
export type XmlAttribute = { name: string; prefix: string; local: string; ns: string; value: string };
export type XmlInstruction = { target: string; data: string };
export type XmlChild = XmlElement | string | XmlInstruction;
export type XmlElement = {
  name: string;
  prefix: string;
  local: string;
  ns: string;
  /** Non-namespace attributes, in document order. */
  attributes: XmlAttribute[];
  /** This element's own xmlns / xmlns:p declarations, in document order. */
  declarations: [prefix: string, uri: string][];
  /** Every namespace in scope here (the parent's map, copied where declarations change it). */
  scope: Scope;
  children: XmlChild[];
  parent: XmlElement | undefined;
  /** The parsed text (BOM removed, line ends normalised), shared by every element of the document. */
  source: string;
  /** Offsets in `source`: the start tag's '<', just after the start tag, the end tag's '<', just after the element. */
  start: number;
  contentStart: number;
  contentEnd: number;
  end: number;
  /**
   * source[contentStart, contentEnd) is already the inclusive C14N of the children (in this
   * element's scope): text needing no escape, children that are `canonical`, no comment, CDATA or PI.
   */
  canonicalContent: boolean;
  /**
   * source[start, end) is already this element's inclusive C14N below its parent, so the canonicalizer may copy it.
   */
  canonical: boolean;
};
export type XmlDocument = {
  root: XmlElement;
  /** Processing instructions before and after the root (the XML declaration is not one). */
  before: XmlInstruction[];
  after: XmlInstruction[];
  /** First element carrying each Id / ID / id attribute value (document order). */
  ids: Map<string, XmlElement>;
};

export const rootScope: Scope = new Map([['xml', XML_NS]]);
/** Shared empty lists for the many elements without attributes, declarations or (yet) children: never pushed to. */
export const NO_ATTRIBUTES: XmlAttribute[] = [];
export const NO_DECLARATIONS: [string, string][] = [];
export const NO_CHILDREN: XmlChild[] = [];

// ---- lookups, as the rules and verifiers read the tree ----

export const isElement = (c: XmlChild): c is XmlElement => typeof c === 'object' && 'local' in c;

/** Child elements with this namespace and local name, in document order. */
export const childElements = (parent: XmlElement | undefined, ns: string, local: string): XmlElement[] =>
  (parent?.children ?? NO_CHILDREN).filter((c): c is XmlElement => isElement(c) && c.local === local && c.ns === ns);

/** The first of them (no array: the rules and verifiers call it most). */
export function childElement(parent: XmlElement | undefined, ns: string, local: string): XmlElement | undefined {
  const children = parent?.children ?? NO_CHILDREN;
  for (let i = 0; i < children.length; i++) {
    const c = children[i]!;
    if (isElement(c) && c.local === local && c.ns === ns) return c;
  }
  return undefined;
}
/** The first child element, whatever its name. */
export const firstChildElement = (parent: XmlElement | undefined): XmlElement | undefined =>
  parent?.children.find(isElement);

/** Follows a path of [ns, name] steps; undefined as soon as one is missing. */
export function pathElement(start: XmlElement | undefined, ...steps: [string, string][]): XmlElement | undefined {
  let at = start;
  for (let i = 0; i < steps.length && at; i++) at = childElement(at, steps[i]![0], steps[i]![1]);
  return at;
}

/**
 * The child elements by local name, in document order: one pass for an element whose many children are read by name.
 */
export function childIndex(parent: XmlElement): Map<string, XmlElement[]> {
  const index = new Map<string, XmlElement[]>();
  for (const c of parent.children) {
    if (!isElement(c)) continue;
    const same = index.get(c.local);
    if (same) same.push(c);
    else index.set(c.local, [c]);
  }
  return index;
}

/** The element's text content (all descendant text), undefined for no element. */
export function textOf(element: XmlElement | undefined): string | undefined {
  if (!element) return undefined;
  const only = element.children.length === 1 ? element.children[0] : undefined;
  if (typeof only === 'string') return only;
  let text = '';
  for (const c of element.children) {
    if (typeof c === 'string') text += c;
    else if (isElement(c)) text += textOf(c);
  }
  return text;
}

/**
 * A copy of a string read from a document that does not keep the document alive: V8 shares the
 * parent's memory with a slice, so a cache keyed by slices would hold every document it saw.
 */
export const detached = (text: string): string => Buffer.from(text, 'utf8').toString('utf8');

/** An attribute's value by local name and namespace ('' = unqualified), or null when absent. */
export function attribute(element: XmlElement | undefined, local: string, ns = ''): string | null {
  if (element) for (const a of element.attributes) if (a.local === local && a.ns === ns) return a.value;
  return null;
}
