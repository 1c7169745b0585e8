// The canonicalizer's copy of already-canonical subtrees must always equal re-serialising them, on random documents
// mixing both writings, and equal xml-crypto's output on canonical ones.
import { DOMParser, type Element as DomElement } from '@xmldom/xmldom';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { C14nCanonicalization } from 'xml-crypto';
import { documentC14n, inclusiveC14n } from '../src/verify/c14n.ts';
import { parseLightXml, type XmlDocument, type XmlElement } from '../src/xml/light-xml.ts';
import { documents } from '../test-support/non-canonical-documents.ts';

const elements = (root: XmlElement): XmlElement[] => [
  root,
  ...root.children.flatMap((c) => (typeof c === 'object' && 'local' in c ? elements(c) : [])),
];

/** The same document with every "already canonical" mark cleared: the canonicalizer then re-serialises everything. */
function withoutCopies(xml: string): XmlDocument {
  const document = parseLightXml(xml);
  for (const element of elements(document.root)) {
    element.canonical = false;
    element.canonicalContent = false;
  }
  return document;
}

function expectCopiesExact(xml: string): void {
  const fast = parseLightXml(xml);
  const slow = withoutCopies(xml);
  const a = elements(fast.root);
  const b = elements(slow.root);
  a.forEach((element, i) => {
    expect(inclusiveC14n(element), `<${element.name}> #${i} in ${xml}`).toBe(inclusiveC14n(b[i]!));
    expect(documentC14n(fast, element === fast.root ? undefined : element), `document without #${i}`).toBe(
      documentC14n(slow, b[i] === slow.root ? undefined : b[i]),
    );
  });
}

// ---- random documents, each part written canonically or not ----
type Node = {
  prefix: string;
  local: string;
  declarations: [string, string][];
  attributes: [string, string, string][];
  children: (Node | string)[];
};
const prefixes = ['', 'a', 'b'];
const uris = ['urn:a', 'urn:b', 'urn:x?y=1&z="2"'];
// Text with every character C14N treats specially, or (as often) plain text that keeps a part canonical.
const text = fc.oneof(
  fc
    .array(fc.constantFrom('x', 'é', '&', '<', '>', '"', "'", '\n', '\t', ' ', ']', '€'), { maxLength: 6 })
    .map((c) => c.join('')),
  fc.array(fc.constantFrom('x', 'é', ' ', ']', '€', "'"), { maxLength: 4 }).map((c) => c.join('')),
);
const node: fc.Arbitrary<Node> = fc.letrec<{ node: Node }>((tie) => ({
  node: fc.record({
    prefix: fc.constantFrom(...prefixes),
    local: fc.constantFrom('e', 'f', 'Id'),
    declarations: fc.uniqueArray(
      fc.tuple(fc.constantFrom(...prefixes), fc.constantFrom('', ...uris, 'urn:a', 'urn:b')),
      { maxLength: 2, selector: ([p]) => p },
    ),
    attributes: fc.uniqueArray(
      fc.tuple(fc.constantFrom('', 'a', 'b', 'xml'), fc.constantFrom('k', 'Id', 'lang'), text),
      { maxLength: 3, selector: ([p, l]) => `${p}:${l}` },
    ),
    // Text first: what oneof falls back to at the maximum depth.
    children: fc.array(
      fc.oneof(
        { maxDepth: 4, depthIdentifier: 'tree' },
        { weight: 2, arbitrary: text },
        { weight: 1, arbitrary: tie('node') },
      ),
      { maxLength: 3 },
    ),
  }),
})).node;
/** How each piece is written: a stream of choices drawn as the document is written. */
const style = fc.infiniteStream(fc.nat(9));

function write(root: Node, choices: Iterator<number>): string {
  const pick = () => choices.next().value as number;
  const escapeText = (t: string) =>
    [...t]
      .map((c) => {
        const r = pick();
        if (c === '&') return r < 5 ? '&amp;' : '&#38;';
        if (c === '<') return r < 5 ? '&lt;' : '&#60;';
        if (c === '>') return r < 3 ? '&gt;' : r < 5 ? '&#62;' : '>';
        if (c === '\n' && r === 0) return '\r\n';
        return r === 9 ? `&#${c.codePointAt(0)};` : c;
      })
      .join('')
      .replace(/]]>/g, ']]&gt;');
  const escapeAttr = (t: string) =>
    [...t]
      .map((c) => {
        const r = pick();
        if (c === '&') return r < 5 ? '&amp;' : '&#38;';
        if (c === '<') return '&lt;';
        if (c === '"') return '&quot;';
        if (c === '\t' || c === '\n') return r < 5 ? `&#${c.codePointAt(0)};` : c;
        return r === 9 ? `&#${c.codePointAt(0)};` : c;
      })
      .join('');
  const element = (n: Node, scope: Map<string, string>): string => {
    const own = new Map(scope);
    const declarations = n.declarations.filter(([p, u]) => p === '' || u !== ''); // xmlns:p="" is not XML 1.0
    for (const [p, u] of declarations) own.set(p, u);
    // Names need declared prefixes: an undeclared one is declared here.
    const extra: [string, string][] = [];
    const need = (p: string) => {
      if (p !== '' && p !== 'xml' && !own.has(p)) {
        own.set(p, uris[p.length % uris.length]!);
        extra.push([p, own.get(p)!]);
      }
    };
    need(n.prefix);
    n.attributes.forEach(([p]) => need(p));
    const expanded = new Set<string>();
    const attributes = n.attributes.filter(([p, l]) => {
      const key = `${p === '' ? '' : p === 'xml' ? 'xml' : own.get(p)}|${l}`;
      return !expanded.has(key) && expanded.add(key);
    });
    const name = n.prefix ? `${n.prefix}:${n.local}` : n.local;
    const parts = [
      ...[...declarations, ...extra].map(([p, u]) => `${p ? `xmlns:${p}` : 'xmlns'}="${escapeAttr(u)}"`),
      ...attributes.map(([p, l, v]) => `${p ? `${p}:` : ''}${l}="${escapeAttr(v)}"`),
    ];
    const order = pick();
    if (order < 2) parts.reverse();
    if (order === 2) parts.sort();
    if (order === 3) parts.push(...parts.splice(0, 1)); // the first declaration (if any) last
    const space = () => [' ', ' ', ' ', ' ', ' ', ' ', '  ', '\n', '\t ', ' '][pick()]!;
    const quoted = (part: string) =>
      pick() === 0 ? part.replace(/="(.*)"$/, (_, v: string) => `='${v.replace(/'/g, '&apos;')}'`) : part;
    let tag = `<${name}${parts.map((p) => `${space()}${quoted(p)}`).join('')}${pick() === 0 ? ' ' : ''}`;
    if (n.children.length === 0 && pick() < 3) return `${tag}/>`;
    tag += '>';
    // Adjacent texts are one text ("]" then "]>" would make the forbidden "]]>").
    const children = n.children.reduce<(Node | string)[]>((all, c) => {
      if (typeof c === 'string' && typeof all[all.length - 1] === 'string') all[all.length - 1] += c;
      else all.push(c);
      return all;
    }, []);
    for (const c of children) {
      const r = pick();
      if (r === 0) tag += '<!--c-->';
      if (r === 2) tag += '<?p x?>';
      if (r === 1 && typeof c === 'string' && !c.includes(']]>')) tag += `<![CDATA[${c}]]>`;
      else tag += typeof c === 'string' ? escapeText(c) : element(c, own);
    }
    return `${tag}</${name}${pick() === 0 ? ' ' : ''}>`;
  };
  return element(root, new Map([['', '']]));
}

describe('copying subtrees already in canonical form', () => {
  it('gives what re-serialising gives, for every element and every enveloped subtree of random documents', () => {
    fc.assert(
      fc.property(node, style, (root, choices) => expectCopiesExact(write(root, choices[Symbol.iterator]()))),
      { numRuns: 1000 },
    );
  });

  it('gives what re-serialising gives on the non-canonical test documents', () => {
    for (const xml of Object.values(documents)) expectCopiesExact(xml);
  });

  it("is used for documents in canonical form, whose C14N is themselves and xml-crypto's", () => {
    for (const xml of Object.values(documents)) {
      const canonical = documentC14n(parseLightXml(xml));
      const document = parseLightXml(canonical);
      // Marked as such unless a reference other than &amp; &lt; &gt; in text is involved (kept simple: re-serialised).
      if (!/&#|="[^"]*&/.test(canonical)) expect(document.root.canonical, canonical).toBe(true);
      expect(documentC14n(document)).toBe(canonical);
      const dom = new DOMParser().parseFromString(canonical, 'text/xml').documentElement as unknown as DomElement;
      expect(new C14nCanonicalization().process(dom as never, { ancestorNamespaces: [] } as never)).toBe(canonical);
    }
  });

  it('is not used where the text differs from canonical form', () => {
    const marked = (xml: string) => parseLightXml(`<r>${xml}</r>`).root.canonicalContent;
    expect(marked('<a b="1" c="2">x &amp; &lt;y&gt; "\'</a><p:a xmlns:p="urn:p" b="1"></p:a>')).toBe(true);
    for (const xml of [
      '<a c="2" b="1"></a>',
      "<a b='1'></a>",
      '<a  b="1"></a>',
      '<a b="1" ></a>',
      '<a/>',
      '<a></a >',
      'x &#65;',
      'x > y',
      'x &quot;',
      '<!--c-->',
      '<![CDATA[x]]>',
      '<?p x?>',
      '<a xmlns=""></a>',
      '<a b="&#9;"></a>',
      '<a b="x\ny"></a>',
      '<a xmlns:p="urn:p"><b xmlns:p="urn:p"></b></a>',
      '<a xmlns:q="urn:q" xmlns:p="urn:p"></a>',
      '<a b="1" xmlns:p="urn:p"></a>',
    ]) {
      expect(marked(xml), xml).toBe(false);
    }
  });
});
