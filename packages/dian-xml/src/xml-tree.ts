/**
 * The project's one XML reader (docs/choices.md, "One way to read XML"): elements, names, attributes, text.
 * A DOCTYPE is refused outright, which rules out entity expansion.
 */
export class XmlParseError extends Error {}

export type XmlElement = {
  readonly localName: string;
  /** '' when the element is in no namespace. */
  readonly namespaceURI: string;
  /** Attribute values by expanded name: `local` without a namespace, `{uri}local` with one. */
  readonly attributes: ReadonlyMap<string, string>;
  /** Child elements and text (entities decoded, CDATA included), in document order; comments dropped. */
  readonly content: readonly (XmlElement | string)[];
  /** Where the element is written in the parsed text: its `<`, and just past its end tag (or `/>`). */
  readonly start: number;
  readonly end: number;
};

type Open = {
  element: XmlElement & { content: (XmlElement | string)[]; end: number };
  qname: string;
  scope: ReadonlyMap<string, string>;
};

const XML_NS = 'http://www.w3.org/XML/1998/namespace';
const MAX_DEPTH = 256;
const NO_ATTRIBUTES: ReadonlyMap<string, string> = new Map();
const ROOT_SCOPE: ReadonlyMap<string, string> = new Map([
  ['xml', XML_NS],
  ['', ''],
]);
const NOT_SPACE = /[^ \t\r\n]/;
const isSpace = (c: number) => c === 0x20 || c === 0x0a || c === 0x09 || c === 0x0d;

const fail = (message: string): never => {
  throw new XmlParseError(message);
};

/** The root element of `text`; throws XmlParseError when it is not well-formed (see above). */
export function parseXmlTree(text: string): XmlElement {
  // XML's line-end normalisation, applied to text and attribute values so that offsets stay the input's.
  const crlf = text.includes('\r');
  const stack: Open[] = [];
  let root: XmlElement | undefined;
  const n = text.length;
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0; // byte-order mark
  while (i < n) {
    const lt = text.indexOf('<', i);
    const textEnd = lt < 0 ? n : lt;
    if (textEnd > i) {
      const raw = text.slice(i, textEnd);
      const top = stack[stack.length - 1];
      if (top) top.element.content.push(decode(crlf ? lineEnds(raw) : raw));
      else if (NOT_SPACE.test(raw)) fail('text outside the root element');
    }
    if (lt < 0) break;
    const next = text.charCodeAt(lt + 1);
    if (next === 0x2f /* / */) {
      const gt = text.indexOf('>', lt);
      if (gt < 0) fail('unterminated end tag');
      const qname = text.slice(lt + 2, gt).trimEnd();
      const open = stack.pop();
      if (!open || open.qname !== qname) fail(`</${qname}> does not close ${open ? `<${open.qname}>` : 'any element'}`);
      i = gt + 1;
      open!.element.end = i;
    } else if (next === 0x3f /* ? */) {
      const end = text.indexOf('?>', lt + 2);
      if (end < 0) fail('unterminated processing instruction');
      i = end + 2;
    } else if (next === 0x21 /* ! */) {
      i = markup(text, lt, stack[stack.length - 1], crlf);
    } else {
      const parent = stack[stack.length - 1];
      if (!parent && root) fail('more than one root element');
      const { open, end, empty } = startTag(text, lt, parent?.scope ?? ROOT_SCOPE);
      if (parent) parent.element.content.push(open.element);
      else root = open.element;
      if (!empty) {
        stack.push(open);
        if (stack.length > MAX_DEPTH) fail('elements nested too deep');
      }
      i = end;
    }
  }
  if (stack.length) fail(`<${stack[stack.length - 1]!.qname}> is not closed`);
  return root ?? fail('no root element');
}

/** The concatenated text of the element and all its descendants (the DOM's textContent). */
export function textContent(element: XmlElement): string {
  let out = '';
  for (const part of element.content) out += typeof part === 'string' ? part : textContent(part);
  return out;
}

/** `<!-- … -->` or `<![CDATA[ … ]]>` at `lt`; anything else (a DOCTYPE) is refused. */
function markup(text: string, lt: number, top: Open | undefined, crlf: boolean): number {
  if (text.startsWith('<!--', lt)) {
    const end = text.indexOf('-->', lt + 4);
    return end < 0 ? fail('unterminated comment') : end + 3;
  }
  if (text.startsWith('<![CDATA[', lt)) {
    const end = text.indexOf(']]>', lt + 9);
    if (end < 0) fail('unterminated CDATA section');
    if (!top) fail('CDATA outside the root element');
    const data = text.slice(lt + 9, end);
    top!.element.content.push(crlf ? lineEnds(data) : data);
    return end + 3;
  }
  return fail('a DOCTYPE or other declaration');
}

/** `<qname attr="…" …>` or `<qname …/>` at `lt`, its names resolved in the parent's scope. */
function startTag(
  text: string,
  lt: number,
  parentScope: ReadonlyMap<string, string>,
): { open: Open; end: number; empty: boolean } {
  const n = text.length;
  let j = lt + 1;
  while (j < n && !isSpace(text.charCodeAt(j)) && text[j] !== '>' && text[j] !== '/') j++;
  const qname = text.slice(lt + 1, j);
  if (!qname || qname.includes('<')) fail('a tag without a name');
  const written: [name: string, value: string][] = [];
  let end = 0;
  let empty = false;
  for (;;) {
    while (j < n && isSpace(text.charCodeAt(j))) j++;
    if (j >= n) fail(`unterminated tag <${qname}`);
    if (text[j] === '>') {
      end = j + 1;
      break;
    }
    if (text[j] === '/') {
      if (text[j + 1] !== '>') fail(`stray "/" in <${qname}>`);
      end = j + 2;
      empty = true;
      break;
    }
    const start = j;
    while (j < n && !isSpace(text.charCodeAt(j)) && text[j] !== '=' && text[j] !== '>' && text[j] !== '/') j++;
    const name = text.slice(start, j);
    while (j < n && isSpace(text.charCodeAt(j))) j++;
    if (!name || text[j] !== '=') fail(`attribute without a value in <${qname}>`);
    j++;
    while (j < n && isSpace(text.charCodeAt(j))) j++;
    const quote = text[j];
    if (quote !== '"' && quote !== "'") fail(`unquoted attribute ${name} in <${qname}>`);
    const close = text.indexOf(quote!, j + 1);
    if (close < 0) fail(`unterminated attribute ${name} in <${qname}>`);
    const raw = text.slice(j + 1, close);
    if (raw.includes('<')) fail(`"<" in attribute ${name} of <${qname}>`);
    if (written.some(([seen]) => seen === name)) fail(`attribute ${name} repeated in <${qname}>`);
    // a line end (normalised first) or a tab is a space
    written.push([name, decode(raw.replace(/\r\n?|[\t\n]/g, ' '))]);
    j = close + 1;
  }

  const scope = declare(written, parentScope, qname);
  const [prefix, localName] = split(qname);
  const namespaceURI = resolve(scope, prefix, qname);
  let attributes = NO_ATTRIBUTES;
  for (const [name, value] of written) {
    if (name === 'xmlns' || name.startsWith('xmlns:')) continue;
    const [attrPrefix, attrLocal] = split(name);
    const key = attrPrefix === '' ? attrLocal : `{${resolve(scope, attrPrefix, name)}}${attrLocal}`;
    if (attributes === NO_ATTRIBUTES) attributes = new Map();
    if (attributes.has(key)) fail(`attribute ${key} repeated in <${qname}>`);
    (attributes as Map<string, string>).set(key, value);
  }
  return {
    open: { element: { localName, namespaceURI, attributes, content: [], start: lt, end }, qname, scope },
    end,
    empty,
  };
}

/** The scope after the element's own `xmlns` declarations (the parent's, shared, when it has none). */
function declare(
  written: readonly [string, string][],
  parentScope: ReadonlyMap<string, string>,
  qname: string,
): ReadonlyMap<string, string> {
  let scope: Map<string, string> | undefined;
  for (const [name, value] of written) {
    if (name !== 'xmlns' && !name.startsWith('xmlns:')) continue;
    const prefix = name === 'xmlns' ? '' : name.slice(6);
    if (prefix !== '' && value === '') fail(`empty namespace for prefix ${prefix} in <${qname}>`);
    scope ??= new Map(parentScope);
    scope.set(prefix, value);
  }
  return scope ?? parentScope;
}

const split = (qname: string): [prefix: string, local: string] => {
  const colon = qname.indexOf(':');
  return colon < 0 ? ['', qname] : [qname.slice(0, colon), qname.slice(colon + 1)];
};

function resolve(scope: ReadonlyMap<string, string>, prefix: string, qname: string): string {
  const uri = scope.get(prefix);
  return uri === undefined ? fail(`undeclared prefix in ${qname}`) : uri;
}

const lineEnds = (raw: string) => raw.replace(/\r\n?/g, '\n');

const ENTITY = /&(?:(#x[0-9A-Fa-f]+|#[0-9]+|lt|gt|amp|quot|apos);|)/g;
const PREDEFINED: Readonly<Record<string, string>> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

/** Text with its references decoded; a stray `&` or any other entity is an error (no DTD declares one). */
function decode(raw: string): string {
  if (!raw.includes('&')) return raw;
  return raw.replace(ENTITY, (_, ref: string | undefined) => {
    if (ref === undefined) return fail('a stray "&" or an undeclared entity');
    const known = PREDEFINED[ref];
    if (known !== undefined) return known;
    const code = ref[1] === 'x' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
    return code > 0 && code <= 0x10ffff
      ? String.fromCodePoint(code)
      : fail(`a character reference out of range: &${ref};`);
  });
}
