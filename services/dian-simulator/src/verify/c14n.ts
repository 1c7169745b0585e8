import { XML_NS, type Scope, type XmlChild, type XmlDocument, type XmlElement } from '../xml/light-xml.ts';

/**
 * Inclusive and exclusive C14N 1.0 over the light tree, for the verifiers. A subtree the parser found already
 * canonical is copied rather than rewritten: signed UBL nearly always is, and the output is the same.
 */
export const C14N = 'http://www.w3.org/TR/2001/REC-xml-c14n-20010315';
export const EXC_C14N = 'http://www.w3.org/2001/10/xml-exc-c14n#';

const TEXT_ESCAPE = /[&<>\r]/;
const ATTR_ESCAPE = /[&<"\t\n\r]/;
const textEscapes: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '\r': '&#xD;' };
const attrEscapes: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '"': '&quot;',
  '\t': '&#x9;',
  '\n': '&#xA;',
  '\r': '&#xD;',
};
const escapeText = (s: string) => (TEXT_ESCAPE.test(s) ? s.replace(/[&<>\r]/g, (c) => textEscapes[c]!) : s);
const escapeAttr = (s: string) => (ATTR_ESCAPE.test(s) ? s.replace(/[&<"\t\n\r]/g, (c) => attrEscapes[c]!) : s);

type Attr = { name: string; local: string; ns: string; value: string };
const byNsThenLocal = (a: Attr, b: Attr) =>
  a.ns === b.ns ? (a.local < b.local ? -1 : a.local > b.local ? 1 : 0) : a.ns < b.ns ? -1 : 1;
const byPrefix = (a: [string, string], b: [string, string]) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0);

function namespaceText(declarations: [string, string][]): string {
  if (declarations.length > 1) declarations.sort(byPrefix);
  let out = '';
  for (const [prefix, uri] of declarations)
    out += prefix === '' ? ` xmlns="${escapeAttr(uri)}"` : ` xmlns:${prefix}="${escapeAttr(uri)}"`;
  return out;
}

function attributeText(attributes: readonly Attr[]): string {
  const sorted = attributes.length > 1 ? [...attributes].sort(byNsThenLocal) : attributes;
  let out = '';
  for (const a of sorted) out += ` ${a.name}="${escapeAttr(a.value)}"`;
  return out;
}

function instructionText(pi: { target: string; data: string }): string {
  return pi.data === '' ? `<?${pi.target}?>` : `<?${pi.target} ${pi.data}?>`;
}

/** Inclusive C14N of `apex` and its subtree, in document context; `exclude` (a descendant) is left out. */
export function inclusiveC14n(apex: XmlElement, exclude?: XmlElement): string {
  const out = { text: '' };
  inclusiveApex(apex, exclude, out);
  return out.text;
}

type Output = { text: string };

/** Every namespace in scope, as an apex renders them; once per scope (the signature's apexes share the root's). */
const scopeTexts = new WeakMap<Scope, string>();
function scopeText(scope: Scope): string {
  let text = scopeTexts.get(scope);
  if (text === undefined) {
    const declarations: [string, string][] = [];
    for (const [prefix, uri] of scope) if (prefix !== 'xml' && uri !== '') declarations.push([prefix, uri]);
    scopeTexts.set(scope, (text = namespaceText(declarations)));
  }
  return text;
}

function inclusiveApex(apex: XmlElement, exclude: XmlElement | undefined, out: Output): void {
  let attributes: Attr[] = apex.attributes;
  if (apex.parent) {
    // xml:lang, xml:space… of ancestors are inherited by a subtree's apex (C14N 1.0 §2.4).
    const inherited = new Map<string, Attr>();
    for (let a: XmlElement | undefined = apex.parent; a; a = a.parent) {
      for (const attr of a.attributes)
        if (attr.ns === XML_NS && !inherited.has(attr.local)) inherited.set(attr.local, attr);
    }
    for (const attr of apex.attributes) if (attr.ns === XML_NS) inherited.delete(attr.local);
    if (inherited.size > 0) attributes = [...apex.attributes, ...inherited.values()];
  }
  out.text += `<${apex.name}${scopeText(apex.scope)}${attributeText(attributes)}>`;
  // Content already in canonical form as written (see XmlElement.canonicalContent) is copied.
  if (apex.canonicalContent && !encloses(apex, exclude))
    out.text += apex.source.slice(apex.contentStart, apex.contentEnd);
  else inclusiveChildren(apex, exclude, out);
  out.text += `</${apex.name}>`;
}

/** Whether `inner` is a descendant of `element`. */
function encloses(element: XmlElement, inner: XmlElement | undefined): boolean {
  for (let at = inner?.parent; at; at = at.parent) if (at === element) return true;
  return false;
}

function inclusiveChildren(element: XmlElement, exclude: XmlElement | undefined, out: Output): void {
  for (const child of element.children) {
    if (typeof child === 'string') out.text += escapeText(child);
    else if (!('local' in child)) out.text += instructionText(child);
    else if (child === exclude) continue;
    else if (child.canonical && !encloses(child, exclude))
      out.text += child.source.slice(child.start, child.end); // copied as written
    else {
      let ns = '';
      if (child.declarations.length > 0) {
        // Rendered where it changes what the parent has in scope (xmlns="" only to undo a default).
        const changed = child.declarations.filter(([prefix, uri]) => (element.scope.get(prefix) ?? '') !== uri);
        if (changed.length > 0) ns = namespaceText(changed);
      }
      out.text +=
        child.attributes.length === 0 && ns === ''
          ? `<${child.name}>`
          : `<${child.name}${ns}${attributeText(child.attributes)}>`;
      inclusiveChildren(child, exclude, out);
      out.text += `</${child.name}>`;
    }
  }
}

/** Inclusive C14N of a whole document (a same-document reference URI=""), minus `exclude`. */
export function documentC14n(document: XmlDocument, exclude?: XmlElement): string {
  const out = { text: '' };
  for (const pi of document.before) out.text += `${instructionText(pi)}\n`;
  inclusiveApex(document.root, exclude, out);
  for (const pi of document.after) out.text += `\n${instructionText(pi)}`;
  return out.text;
}

/** Exclusive C14N of `apex` and its subtree; `inclusivePrefixes` as in InclusiveNamespaces/@PrefixList. */
export function exclusiveC14n(apex: XmlElement, inclusivePrefixes: readonly string[] = []): string {
  const inclusive = inclusivePrefixes.map((p) => (p === '#default' ? '' : p));
  return exclusiveElement(apex, new Map(), inclusive);
}

function exclusiveElement(element: XmlElement, rendered: Scope, inclusive: readonly string[]): string {
  const wanted = new Set<string>(inclusive.filter((p) => element.scope.has(p)));
  wanted.add(element.prefix);
  for (const a of element.attributes) if (a.prefix !== '' && a.prefix !== 'xml') wanted.add(a.prefix);
  const declarations: [string, string][] = [];
  for (const prefix of wanted) {
    const uri = element.scope.get(prefix) ?? '';
    if (prefix === 'xml' || (rendered.get(prefix) ?? '') === uri) continue; // xmlns="" only to undo a rendered default
    declarations.push([prefix, uri]);
  }
  let below = rendered;
  if (declarations.length > 0) {
    const copy = new Map(rendered);
    for (const [prefix, uri] of declarations) copy.set(prefix, uri);
    below = copy;
  }
  let out = `<${element.name}${namespaceText(declarations)}${attributeText(element.attributes)}>`;
  for (const child of element.children as XmlChild[]) {
    if (typeof child === 'string') out += escapeText(child);
    else if (!('local' in child)) out += instructionText(child);
    else out += exclusiveElement(child, below, inclusive);
  }
  return `${out}</${element.name}>`;
}
