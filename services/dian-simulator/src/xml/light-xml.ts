/**
 * A small non-validating, namespace-aware XML 1.0 parser for the simulator's hot path (one parse of
 * the SOAP envelope and one of the invoice per request, ~10× faster than a DOM). It builds a light
 * tree: elements with their own namespace declarations and resolved names, attributes, text and
 * processing instructions; comments are dropped (every C14N here is "without comments", and text
 * reads skip them). Line ends are normalised (CR LF / CR → LF), attribute values are normalised as
 * CDATA attributes, the five predefined entities and character references are decoded.
 *
 * Anything a DTD could change is refused: a DOCTYPE (and so any entity declaration, XXE) is a parse
 * error, as is any other entity reference. Well-formedness checked: one root, matching tags, quoted
 * attributes without '<', no duplicate attributes (by name and by expanded name), declared prefixes,
 * legal characters, no text outside the root, at most 256 levels of nesting.
 */
export class LightXmlError extends Error {}

export const XML_NS = 'http://www.w3.org/XML/1998/namespace';
const XMLNS_NS = 'http://www.w3.org/2000/xmlns/';

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
};
export type XmlDocument = {
  root: XmlElement;
  /** Processing instructions before and after the root (the XML declaration is not one). */
  before: XmlInstruction[];
  after: XmlInstruction[];
  /** First element carrying each Id / ID / id attribute value (document order). */
  ids: Map<string, XmlElement>;
};

const rootScope: Scope = new Map([['xml', XML_NS]]);
const NONE: XmlAttribute[] = [];
/** UBL documents and SOAP envelopes nest a dozen levels; the bound keeps every recursive walk safe. */
const MAX_DEPTH = 256;
const NO_DECLARATIONS: [string, string][] = [];
// Name characters: ASCII by table (1 = may start a name, 2 = may continue one); beyond ASCII,
// anything but the few non-name characters a tag can contain is accepted (non-validating).
const nameTable = new Uint8Array(128);
for (let c = 0; c < 128; c++) {
  const ch = String.fromCharCode(c);
  if (/[A-Za-z_:]/.test(ch)) nameTable[c] = 3;
  else if (/[0-9.-]/.test(ch)) nameTable[c] = 2;
}
function scanName(xml: string, at: number): number {
  let c = xml.charCodeAt(at);
  if ((c < 128 ? nameTable[c]! & 1 : c >= 0xc0 ? 1 : 0) === 0) return at;
  for (c = xml.charCodeAt(++at); (c < 128 ? nameTable[c]! & 2 : c >= 0xb7 && c <= 0xfffd ? 2 : 0) !== 0; c = xml.charCodeAt(++at));
  return at;
}
const ATTRIBUTE_SPECIAL = /[<&\t\n]/;
// eslint-disable-next-line no-control-regex -- the characters XML 1.0 forbids: finding them is the point
const ILLEGAL_CHAR = /[\x00-\x08\x0B\x0C\x0E-\x1F\uFFFE\uFFFF]/;
const ENTITY = /&(?:(#x[0-9A-Fa-f]+|#[0-9]+|lt|gt|amp|quot|apos);|)/g;
const predefined: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

function decode(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(ENTITY, (_, ref: string | undefined) => {
    if (ref === undefined) throw new LightXmlError('undeclared entity or stray "&" (DTDs and entities are not accepted)');
    const known = predefined[ref];
    if (known !== undefined) return known;
    const code = ref[1] === 'x' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
    const legal = code === 0x9 || code === 0xa || code === 0xd || (code >= 0x20 && code <= 0xd7ff)
      || (code >= 0xe000 && code <= 0xfffd) || (code >= 0x10000 && code <= 0x10ffff);
    if (!legal) throw new LightXmlError(`illegal character reference &${ref};`);
    return String.fromCodePoint(code);
  });
}

function splitName(name: string): [prefix: string, local: string] {
  const colon = name.indexOf(':');
  if (colon < 0) return ['', name];
  if (colon === 0 || colon === name.length - 1 || name.indexOf(':', colon + 1) >= 0) throw new LightXmlError(`bad qualified name ${name}`);
  return [name.slice(0, colon), name.slice(colon + 1)];
}

export function parseLightXml(input: string): XmlDocument {
  let xml = input.charCodeAt(0) === 0xfeff ? input.slice(1) : input;
  if (xml.includes('\r')) xml = xml.replace(/\r\n?/g, '\n');
  if (ILLEGAL_CHAR.test(xml)) throw new LightXmlError('illegal character');
  const fail = (message: string, at: number): never => {
    throw new LightXmlError(`${message} at offset ${at}`);
  };
  const before: XmlInstruction[] = [];
  const after: XmlInstruction[] = [];
  const ids = new Map<string, XmlElement>();
  let root: XmlElement | undefined;
  let open: XmlElement | undefined;
  let depth = 0;
  let i = 0;
  if (/^<\?xml[ \t\n]/.test(xml)) {
    const end = xml.indexOf('?>');
    if (end < 0 || !/^<\?xml[ \t\n]+version[ \t\n]*=/.test(xml)) fail('bad XML declaration', 0);
    i = end + 2;
  }
  const len = xml.length;
  while (i < len) {
    const lt = xml.indexOf('<', i);
    const textEnd = lt < 0 ? len : lt;
    if (textEnd > i) {
      const raw = xml.slice(i, textEnd);
      if (open) {
        if (raw.includes(']]>')) fail('"]]>" in text', i);
        open.children.push(raw.includes('&') ? decode(raw) : raw);
      } else if (!/^[ \t\n]*$/.test(raw)) fail('text outside the root element', i);
    }
    if (lt < 0) break;
    const next = xml.charCodeAt(lt + 1);
    if (next === 0x2f /* / */) {
      if (!open) fail('end tag without a start tag', lt);
      const name = open!.name;
      let end = lt + 2;
      end += name.length;
      if (xml.charCodeAt(end - 1) !== name.charCodeAt(name.length - 1) || xml.indexOf(name, lt + 2) !== lt + 2) fail(`end tag does not match <${name}>`, lt);
      let c = xml.charCodeAt(end);
      while (c === 0x20 || c === 0x0a || c === 0x09) c = xml.charCodeAt(++end);
      if (c !== 0x3e) fail(`end tag </${open!.name}> does not match`, lt);
      open = open!.parent;
      depth--;
      i = end + 1;
    } else if (next === 0x3f /* ? */) {
      const end = xml.indexOf('?>', lt);
      if (end < 0) fail('unterminated processing instruction', lt);
      const target = xml.slice(lt + 2, scanName(xml, lt + 2));
      if (!target || target.toLowerCase() === 'xml' || target.includes(':')) fail('bad processing instruction', lt);
      const rest = xml.slice(lt + 2 + target!.length, end);
      if (rest !== '' && !/^[ \t\n]/.test(rest)) fail('bad processing instruction', lt);
      const pi = { target: target!, data: rest.replace(/^[ \t\n]+/, '') };
      if (open) open.children.push(pi);
      else (root ? after : before).push(pi);
      i = end + 2;
    } else if (next === 0x21 /* ! */) {
      if (xml.startsWith('<!--', lt)) {
        const end = xml.indexOf('-->', lt + 4);
        const comment = end < 0 ? '-' : xml.slice(lt + 4, end);
        if (comment.includes('--') || comment.endsWith('-')) fail('bad comment', lt);
        i = end + 3;
      } else if (xml.startsWith('<![CDATA[', lt)) {
        if (!open) fail('CDATA outside the root element', lt);
        const end = xml.indexOf(']]>', lt + 9);
        if (end < 0) fail('unterminated CDATA section', lt);
        open!.children.push(xml.slice(lt + 9, end));
        i = end + 3;
      } else {
        fail(xml.startsWith('<!DOCTYPE', lt) ? 'DTDs are not accepted' : 'unexpected markup declaration', lt);
      }
    } else {
      if (!open && root) fail('a second root element', lt);
      const nameEnd = scanName(xml, lt + 1);
      if (nameEnd === lt + 1) fail('bad start tag', lt);
      const name = xml.slice(lt + 1, nameEnd);
      let at = nameEnd;
      let raw: string[] | undefined; // name, value, name, value…
      let declarations: [string, string][] | undefined;
      let selfClosing = false;
      for (;;) {
        let c = xml.charCodeAt(at);
        const spaced = c === 0x20 || c === 0x0a || c === 0x09;
        while (c === 0x20 || c === 0x0a || c === 0x09) c = xml.charCodeAt(++at);
        if (c === 0x3e /* > */) break;
        if (c === 0x2f /* / */) {
          if (xml.charCodeAt(at + 1) !== 0x3e) fail(`bad start tag <${name}>`, lt);
          selfClosing = true;
          at++;
          break;
        }
        const attrEnd = scanName(xml, at);
        if (!spaced || attrEnd === at) fail(`bad start tag <${name}>`, lt);
        const attrName = xml.slice(at, attrEnd);
        at = attrEnd;
        while ((c = xml.charCodeAt(at)) === 0x20 || c === 0x0a || c === 0x09) at++;
        if (c !== 0x3d /* = */) fail(`attribute ${attrName} without a value`, at);
        while ((c = xml.charCodeAt(++at)) === 0x20 || c === 0x0a || c === 0x09);
        if (c !== 0x22 && c !== 0x27) fail(`attribute ${attrName} not quoted`, at);
        const close = xml.indexOf(c === 0x22 ? '"' : "'", at + 1);
        if (close < 0) fail('unterminated attribute value', at);
        let value = xml.slice(at + 1, close);
        at = close + 1;
        if (ATTRIBUTE_SPECIAL.test(value)) {
          if (value.includes('<')) fail(`"<" in attribute ${attrName}`, at);
          value = decode(value.replace(/[\t\n]/g, ' '));
        }
        if (attrName === 'xmlns' || attrName.startsWith('xmlns:')) {
          const prefix = attrName === 'xmlns' ? '' : attrName.slice(6);
          if (prefix === 'xmlns' || value === XMLNS_NS || (prefix === 'xml') !== (value === XML_NS)) fail(`illegal declaration ${attrName}`, at);
          if (prefix !== '' && value === '') fail(`empty namespace for prefix ${prefix}`, at);
          (declarations ??= []).push([prefix, value]);
        }
        if (raw) for (let k = 0; k < raw.length; k += 2) if (raw[k] === attrName) fail(`duplicate attribute ${attrName}`, at);
        (raw ??= []).push(attrName, value);
      }
      i = at + 1;

      let scope = open ? open.scope : rootScope;
      if (declarations) {
        const own = new Map(scope);
        for (const [prefix, uri] of declarations) own.set(prefix, uri);
        scope = own;
      }
      const colon = name.indexOf(':');
      const prefix = colon < 0 ? '' : name.slice(0, colon);
      const local = colon < 0 ? name : name.slice(colon + 1);
      if (colon === 0 || colon === name.length - 1 || (colon > 0 && local.includes(':'))) fail(`bad qualified name ${name}`, lt);
      const ns = scope.get(prefix) ?? '';
      if (prefix !== '' && ns === '') fail(`undeclared prefix ${prefix}`, lt);
      const element: XmlElement = {
        name, prefix, local, ns,
        attributes: raw ? [] : NONE, declarations: declarations ?? NO_DECLARATIONS, scope, children: [], parent: open,
      };
      if (raw) {
        for (let k = 0; k < raw.length; k += 2) {
          const attrName = raw[k]!;
          const value = raw[k + 1]!;
          if (attrName === 'xmlns' || attrName.startsWith('xmlns:')) continue;
          const [p, l] = splitName(attrName);
          const attrNs = p === '' ? '' : scope.get(p) ?? fail(`undeclared prefix ${p}`, lt);
          if (p !== '') for (const a of element.attributes) if (a.ns === attrNs && a.local === l) fail(`duplicate attribute {${attrNs}}${l}`, lt);
          element.attributes.push({ name: attrName, prefix: p, local: l, ns: attrNs, value });
          if ((l === 'Id' || l === 'ID' || l === 'id') && !ids.has(value)) ids.set(value, element);
        }
      }
      if (open) open.children.push(element);
      else root = element;
      if (!selfClosing) {
        open = element;
        if (++depth > MAX_DEPTH) fail('elements nested too deep', lt);
      }
    }
  }
  if (!root) fail('no root element', 0);
  if (open) fail(`unclosed element <${open.name}>`, len);
  return { root: root!, before, after, ids };
}

// ---- lookups, as the rules and verifiers read the tree ----

const isElement = (c: XmlChild): c is XmlElement => typeof c === 'object' && 'local' in c;

const NO_CHILDREN: XmlChild[] = [];

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
export const firstChildElement = (parent: XmlElement | undefined): XmlElement | undefined => parent?.children.find(isElement);

/** Follows a path of [ns, name] steps; undefined as soon as one is missing. */
export const pathElement = (start: XmlElement | undefined, ...steps: [string, string][]): XmlElement | undefined =>
  steps.reduce<XmlElement | undefined>((at, [ns, local]) => childElement(at, ns, local), start);

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
