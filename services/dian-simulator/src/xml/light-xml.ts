/**
 * The simulator's own non-validating, namespace-aware XML parser, independent of the product's reader. Anything
 * a DTD could change is refused (no DOCTYPE, no XXE); each element records whether its text is already canonical.
 */
import { decode, hasIllegalChar, isNameChar, isNameStart } from './characters.ts';
import {
  detached,
  NO_ATTRIBUTES,
  NO_CHILDREN,
  NO_DECLARATIONS,
  rootScope,
  XML_NS,
  type XmlAttribute,
  type XmlChild,
  type XmlDocument,
  type XmlElement,
  type XmlInstruction,
} from './tree.ts';

export * from './tree.ts';

export class LightXmlError extends Error {}

const XMLNS_NS = 'http://www.w3.org/2000/xmlns/';
/** UBL documents and SOAP envelopes nest a dozen levels; the bound keeps every recursive walk safe. */
const MAX_DEPTH = 256;
/** A reference C14N writes back the same way (it escapes &, < and > in text, and nothing else). */
const OTHER_REFERENCE = /&(?!amp;|lt;|gt;)/;
const isSpace = (c: number) => c === 0x20 || c === 0x0a || c === 0x09;

export function parseLightXml(input: string): XmlDocument {
  let xml = input.charCodeAt(0) === 0xfeff ? input.slice(1) : input;
  if (xml.includes('\r')) xml = xml.replace(/\r\n?/g, '\n');
  if (hasIllegalChar(xml)) throw new LightXmlError('illegal character');
  return new Parser(xml).parse();
}

/**
 * The next position of a rare character that changes how a span is read, searched again only once passed, so each
 * costs one scan of the text.
 */
class NextOccurrence {
  private readonly xml: string;
  private readonly char: string;
  private at = -1;
  constructor(xml: string, char: string) {
    this.xml = xml;
    this.char = char;
  }

  /** Whether xml[from, to) holds the character; `from` must not decrease from one call to the next. */
  within(from: number, to: number): boolean {
    if (this.at < from) {
      const at = this.xml.indexOf(this.char, from);
      this.at = at < 0 ? this.xml.length : at;
    }
    return this.at < to;
  }
}

/**
 * Namespace URIs interned across documents: compared all along the rules, and a slice would be slower to compare
 * and keep its document alive. Bounded.
 */
const namespaces = new Map<string, string>();
function namespaceUri(uri: string): string {
  let known = namespaces.get(uri);
  if (known === undefined) {
    if (namespaces.size >= 1000) namespaces.clear();
    namespaces.set((known = detached(uri)), known);
  }
  return known;
}

/** Where the last scanName found its first ':' (-1 if none), and whether it found more than one. */
let nameColon = -1;
let nameColons = 0;
function scanName(xml: string, at: number): number {
  nameColon = -1;
  nameColons = 0;
  if (!isNameStart(xml.charCodeAt(at))) return at;
  for (let c = xml.charCodeAt(at); isNameChar(c); c = xml.charCodeAt(++at)) {
    if (c === 0x3a) {
      if (nameColon < 0) nameColon = at;
      nameColons++;
    }
  }
  return at;
}

class Parser {
  private readonly xml: string;
  private readonly len: number;
  private readonly amp: NextOccurrence;
  private readonly lt: NextOccurrence;
  private readonly tab: NextOccurrence;
  private readonly lf: NextOccurrence;
  private open: XmlElement | undefined = undefined;
  private root: XmlElement | undefined = undefined;
  private depth = 0;
  private readonly before: XmlInstruction[] = [];
  private readonly after: XmlInstruction[] = [];
  private readonly ids = new Map<string, XmlElement>();

  constructor(xml: string) {
    this.xml = xml;
    this.len = xml.length;
    this.amp = new NextOccurrence(xml, '&');
    this.lt = new NextOccurrence(xml, '<');
    this.tab = new NextOccurrence(xml, '\t');
    this.lf = new NextOccurrence(xml, '\n');
  }

  parse(): XmlDocument {
    const xml = this.xml;
    let i = 0;
    if (/^<\?xml[ \t\n]/.test(xml)) {
      const end = xml.indexOf('?>');
      if (end < 0 || !/^<\?xml[ \t\n]+version[ \t\n]*=/.test(xml)) this.fail('bad XML declaration', 0);
      i = end + 2;
    }
    while (i < this.len) {
      const lt = xml.indexOf('<', i);
      const textEnd = lt < 0 ? this.len : lt;
      if (textEnd > i) this.text(i, textEnd);
      if (lt < 0) break;
      const next = xml.charCodeAt(lt + 1);
      if (next === 0x2f /* / */) i = this.endTag(lt);
      else if (next === 0x3f /* ? */) i = this.instruction(lt);
      else if (next === 0x21 /* ! */) i = this.markup(lt);
      else i = this.startTag(lt);
    }
    if (!this.root) this.fail('no root element', 0);
    if (this.open) this.fail(`unclosed element <${this.open.name}>`, this.len);
    return { root: this.root!, before: this.before, after: this.after, ids: this.ids };
  }

  private fail(message: string, at: number): never {
    throw new LightXmlError(`${message} at offset ${at}`);
  }

  /** The open element's content is no longer its canonical form (a comment, a CDATA section, a reference…). */
  private rewritten(element: XmlElement): void {
    element.canonical = false;
    element.canonicalContent = false;
  }

  private text(from: number, to: number): void {
    const xml = this.xml;
    const open = this.open;
    if (!open) {
      if (!/^[ \t\n]*$/.test(xml.slice(from, to))) this.fail('text outside the root element', from);
      return;
    }
    const raw = xml.slice(from, to);
    // C14N writes '>' in text as &gt;; and "]]>" (forbidden in text) cannot occur without one.
    const gt = xml.indexOf('>', from);
    if (gt >= 0 && gt < to) {
      if (raw.includes(']]>')) this.fail('"]]>" in text', from);
      this.rewritten(open);
    }
    if (this.amp.within(from, to)) {
      if (OTHER_REFERENCE.test(raw)) this.rewritten(open);
      append(open, this.decode(raw, from));
    } else {
      append(open, raw);
    }
  }

  private decode(text: string, at: number): string {
    const decoded = decode(text);
    if (decoded === undefined)
      this.fail('undeclared entity, stray "&" or illegal character reference (DTDs and entities are not accepted)', at);
    return decoded!;
  }

  private endTag(lt: number): number {
    const xml = this.xml;
    const open = this.open;
    if (!open) this.fail('end tag without a start tag', lt);
    const name = open!.name;
    let end = lt + 2 + name.length;
    // Compared with the start tag's name where both are written: as cheap as indexOf, and it stops at a mismatch.
    for (let k = open!.start + 1, at = lt + 2; at < end; k++, at++)
      if (xml.charCodeAt(k) !== xml.charCodeAt(at)) this.fail(`end tag does not match <${name}>`, lt);
    let c = xml.charCodeAt(end);
    if (c !== 0x3e /* > */) {
      open!.canonical = false; // C14N writes </name> without spaces
      while (isSpace(c)) c = xml.charCodeAt(++end);
      if (c !== 0x3e) this.fail(`end tag does not match <${name}>`, lt);
    }
    open!.contentEnd = lt;
    open!.end = end + 1;
    this.close(open!);
    this.open = open!.parent;
    this.depth--;
    return end + 1;
  }

  /** A closed element that is not in canonical form makes its parent's content not so either. */
  private close(element: XmlElement): void {
    if (!element.canonical && element.parent) this.rewritten(element.parent);
  }

  private instruction(lt: number): number {
    const xml = this.xml;
    const end = xml.indexOf('?>', lt);
    if (end < 0) this.fail('unterminated processing instruction', lt);
    const target = xml.slice(lt + 2, scanName(xml, lt + 2));
    if (!target || target.toLowerCase() === 'xml' || target.includes(':')) this.fail('bad processing instruction', lt);
    const rest = xml.slice(lt + 2 + target.length, end);
    if (rest !== '' && !/^[ \t\n]/.test(rest)) this.fail('bad processing instruction', lt);
    const pi = { target, data: rest.replace(/^[ \t\n]+/, '') };
    if (this.open) {
      append(this.open, pi);
      this.rewritten(this.open); // rare inside documents: not worth proving its spacing canonical
    } else {
      (this.root ? this.after : this.before).push(pi);
    }
    return end + 2;
  }

  /** Comments and CDATA sections; a DOCTYPE or any other declaration is refused. */
  private markup(lt: number): number {
    const xml = this.xml;
    if (xml.startsWith('<!--', lt)) {
      const end = xml.indexOf('-->', lt + 4);
      const comment = end < 0 ? '-' : xml.slice(lt + 4, end);
      if (comment.includes('--') || comment.endsWith('-')) this.fail('bad comment', lt);
      if (this.open) this.rewritten(this.open);
      return end + 3;
    }
    if (xml.startsWith('<![CDATA[', lt)) {
      if (!this.open) this.fail('CDATA outside the root element', lt);
      const end = xml.indexOf(']]>', lt + 9);
      if (end < 0) this.fail('unterminated CDATA section', lt);
      append(this.open!, xml.slice(lt + 9, end));
      this.rewritten(this.open!);
      return end + 3;
    }
    return this.fail(xml.startsWith('<!DOCTYPE', lt) ? 'DTDs are not accepted' : 'unexpected markup declaration', lt);
  }

  private startTag(lt: number): number {
    const xml = this.xml;
    const parent = this.open;
    if (!parent && this.root) this.fail('a second root element', lt);
    const nameEnd = scanName(xml, lt + 1);
    if (nameEnd === lt + 1) this.fail('bad start tag', lt);
    const name = xml.slice(lt + 1, nameEnd);
    const colon = nameColon < 0 ? -1 : nameColon - lt - 1;
    if (nameColons > 1 || colon === 0 || colon === name.length - 1) this.fail(`bad qualified name ${name}`, lt);

    // Attributes as written; canonical form has exactly one space before each, `name="value"`,
    // the namespace declarations first (sorted by prefix), nothing before '>', no "/>".
    let attributes = NO_ATTRIBUTES;
    let declarations = NO_DECLARATIONS;
    let canonical = true;
    let selfClosing = false;
    let at = nameEnd;
    for (;;) {
      const spaceAt = at;
      let c = xml.charCodeAt(at);
      while (isSpace(c)) c = xml.charCodeAt(++at);
      if (c === 0x3e /* > */) {
        if (at !== spaceAt) canonical = false;
        break;
      }
      if (c === 0x2f /* / */) {
        if (xml.charCodeAt(at + 1) !== 0x3e) this.fail(`bad start tag <${name}>`, lt);
        selfClosing = true;
        at++;
        break;
      }
      const attrEnd = scanName(xml, at);
      if (at === spaceAt || attrEnd === at) this.fail(`bad start tag <${name}>`, lt);
      if (at !== spaceAt + 1 || xml.charCodeAt(spaceAt) !== 0x20) canonical = false;
      const attrName = xml.slice(at, attrEnd);
      at = attrEnd;
      c = xml.charCodeAt(at);
      if (c !== 0x3d /* = */) {
        canonical = false;
        while (isSpace(c)) c = xml.charCodeAt(++at);
        if (c !== 0x3d) this.fail(`attribute ${attrName} without a value`, at);
      }
      c = xml.charCodeAt(++at);
      if (c !== 0x22 /* " */) {
        canonical = false;
        while (isSpace(c)) c = xml.charCodeAt(++at);
        if (c !== 0x22 && c !== 0x27) this.fail(`attribute ${attrName} not quoted`, at);
      }
      const close = xml.indexOf(c === 0x22 ? '"' : "'", at + 1);
      if (close < 0) this.fail('unterminated attribute value', at);
      let value = xml.slice(at + 1, close);
      if (this.lt.within(at + 1, close)) this.fail(`"<" in attribute ${attrName}`, close + 1);
      if (this.amp.within(at + 1, close) || this.tab.within(at + 1, close) || this.lf.within(at + 1, close)) {
        canonical = false;
        value = this.decode(value.replace(/[\t\n]/g, ' '), at);
      }
      at = close + 1;

      // A character test first: startsWith is one of V8's slower string builtins.
      if (
        attrName.charCodeAt(0) === 0x78 /* x */ &&
        attrName.startsWith('xmlns') &&
        (attrName.length === 5 || attrName.charCodeAt(5) === 0x3a)
      ) {
        const prefix = attrName.length === 5 ? '' : attrName.slice(6);
        if (prefix === 'xmlns' || value === XMLNS_NS || (prefix === 'xml') !== (value === XML_NS))
          this.fail(`illegal declaration ${attrName}`, at);
        if (prefix !== '' && value === '') this.fail(`empty namespace for prefix ${prefix}`, at);
        if (declarations === NO_DECLARATIONS) declarations = [];
        for (const [p] of declarations) if (p === prefix) this.fail(`duplicate attribute ${attrName}`, at);
        const last = declarations[declarations.length - 1];
        if (attributes.length > 0 || (last && !(last[0] < prefix))) canonical = false;
        declarations.push([prefix, namespaceUri(value)]);
      } else {
        if (attributes === NO_ATTRIBUTES) attributes = [];
        for (const a of attributes) if (a.name === attrName) this.fail(`duplicate attribute ${attrName}`, at);
        attributes.push({ name: attrName, prefix: '', local: attrName, ns: '', value });
      }
    }

    const parentScope = parent ? parent.scope : rootScope;
    let scope = parentScope;
    if (declarations.length > 0) {
      const own = new Map(parentScope);
      for (const [prefix, uri] of declarations) {
        // C14N leaves out a declaration that changes nothing
        if ((parentScope.get(prefix) ?? '') === uri) canonical = false;
        own.set(prefix, uri);
      }
      scope = own;
    }
    let prefix = '';
    let local = name;
    let ns: string;
    if (colon > 0) local = name.slice(colon + 1);
    if (parent && scope === parentScope && samePrefix(xml, lt + 1, colon, parent)) {
      // Most UBL elements share their parent's prefix and scope: no string and no lookup then.
      prefix = parent.prefix;
      ns = parent.ns;
    } else {
      if (colon > 0) prefix = name.slice(0, colon);
      ns = scope.get(prefix) ?? '';
      if (prefix !== '' && ns === '') this.fail(`undeclared prefix ${prefix}`, lt);
    }
    const element: XmlElement = {
      name,
      prefix,
      local,
      ns,
      attributes,
      declarations,
      scope,
      children: NO_CHILDREN,
      parent,
      source: xml,
      start: lt,
      contentStart: at + 1,
      contentEnd: at + 1,
      end: at + 1,
      canonicalContent: true,
      canonical: canonical && !selfClosing,
    };
    if (attributes.length > 0) this.resolveAttributes(element, lt);

    if (parent) append(parent, element);
    else this.root = element;
    if (selfClosing) {
      this.close(element);
    } else {
      this.open = element;
      if (++this.depth > MAX_DEPTH) this.fail('elements nested too deep', lt);
    }
    return at + 1;
  }

  /** Qualified attribute names against the element's scope; canonical order is by namespace URI, then local name. */
  private resolveAttributes(element: XmlElement, lt: number): void {
    const attributes = element.attributes;
    for (let k = 0; k < attributes.length; k++) {
      const a = attributes[k]!;
      const colon = a.name.indexOf(':');
      if (colon >= 0) {
        if (colon === 0 || colon === a.name.length - 1 || a.name.indexOf(':', colon + 1) >= 0)
          this.fail(`bad qualified name ${a.name}`, lt);
        a.prefix = a.name.slice(0, colon);
        a.local = a.name.slice(colon + 1);
        a.ns = element.scope.get(a.prefix) ?? this.fail(`undeclared prefix ${a.prefix}`, lt);
        for (let j = 0; j < k; j++)
          if (attributes[j]!.ns === a.ns && attributes[j]!.local === a.local)
            this.fail(`duplicate attribute {${a.ns}}${a.local}`, lt);
      }
      if (k > 0 && !inCanonicalOrder(attributes[k - 1]!, a)) element.canonical = false;
      if ((a.local === 'Id' || a.local === 'ID' || a.local === 'id') && !this.ids.has(a.value))
        this.ids.set(a.value, element);
    }
  }
}

/** Whether the name at xml[at] has `element`'s prefix (`colon`: the offset of its ':', -1 for none). */
function samePrefix(xml: string, at: number, colon: number, element: XmlElement): boolean {
  const prefix = element.prefix;
  if (prefix.length !== (colon < 0 ? 0 : colon)) return false;
  for (let k = 0; k < colon; k++) if (xml.charCodeAt(at + k) !== prefix.charCodeAt(k)) return false;
  return true;
}

/**
 * Children go into a list made at the first one: most elements hold a single text, and a list
 * grown by push from empty reserves room for seventeen.
 */
function append(parent: XmlElement, child: XmlChild): void {
  if (parent.children === NO_CHILDREN) parent.children = [child];
  else parent.children.push(child);
}

const inCanonicalOrder = (a: XmlAttribute, b: XmlAttribute) => (a.ns === b.ns ? a.local < b.local : a.ns < b.ns);
