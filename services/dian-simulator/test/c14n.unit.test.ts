// The light parser and canonicalizers against xml-crypto's C14N on documents NOT in canonical form; what xml-crypto
// does not support is compared with xmllint in c14n.int.test.ts.
import { DOMParser, type Element as DomElement, type Node as DomNode } from '@xmldom/xmldom';
import { describe, expect, it } from 'vitest';
import { C14nCanonicalization, ExclusiveCanonicalization } from 'xml-crypto';
import { documentC14n, exclusiveC14n, inclusiveC14n } from '../src/verify/c14n.ts';
import { LightXmlError, parseLightXml, textOf, type XmlElement } from '../src/xml/light-xml.ts';
import { documents } from '../test-support/non-canonical-documents.ts';

// ---- the reference: xml-crypto over xmldom ----
const dom = (xml: string) => new DOMParser({ onError: () => undefined }).parseFromString(xml, 'text/xml');
function ancestorNamespaces(element: DomElement) {
  const seen = new Map<string, string>();
  for (let node: DomNode | null = element.parentNode; node && node.nodeType === 1; node = node.parentNode) {
    const attributes = (node as DomElement).attributes;
    for (let i = 0; i < attributes.length; i++) {
      const attr = attributes.item(i)!;
      const prefix = attr.name === 'xmlns' ? '' : attr.prefix === 'xmlns' ? attr.localName! : undefined;
      if (prefix !== undefined && !seen.has(prefix)) seen.set(prefix, attr.value);
    }
  }
  return [...seen].filter(([, uri]) => uri !== '').map(([prefix, namespaceURI]) => ({ prefix, namespaceURI }));
}
// xml-crypto renders an unprefixed element's default namespace itself, and again if it is passed
// among the ancestors' namespaces: it is passed only for prefixed elements.
const xmlCryptoInclusive = (element: DomElement) =>
  new C14nCanonicalization().process(
    element as never,
    {
      ancestorNamespaces: ancestorNamespaces(element).filter((n) => n.prefix !== '' || element.prefix),
    } as never,
  ) as unknown as string;
const xmlCryptoExclusive = (element: DomElement, prefixes: string[] = []) =>
  new ExclusiveCanonicalization().process(
    element as never,
    {
      inclusiveNamespacesPrefixList: prefixes,
      ancestorNamespaces: ancestorNamespaces(element),
    } as never,
  ) as unknown as string;
const domElements = (root: DomElement): DomElement[] => {
  const out: DomElement[] = [root];
  for (let n = root.firstChild; n; n = n.nextSibling) if (n.nodeType === 1) out.push(...domElements(n as DomElement));
  return out;
};
const lightElements = (root: XmlElement): XmlElement[] => [
  root,
  ...root.children.flatMap((c) => (typeof c === 'object' && 'local' in c ? lightElements(c) : [])),
];

/** Every element of the document, canonicalized both ways (inclusive in context, and exclusive). */
function expectSameAsXmlCrypto(xml: string, prefixes: string[] = []): void {
  const ours = lightElements(parseLightXml(xml).root);
  const theirs = domElements(dom(xml).documentElement!);
  expect(ours.length).toBe(theirs.length);
  ours.forEach((element, i) => {
    expect(inclusiveC14n(element), `inclusive <${element.name}> #${i}`).toBe(xmlCryptoInclusive(theirs[i]!));
    expect(exclusiveC14n(element, prefixes), `exclusive <${element.name}> #${i}`).toBe(
      xmlCryptoExclusive(theirs[i]!, prefixes),
    );
  });
}

describe('inclusive and exclusive C14N = xml-crypto, on documents not in canonical form', () => {
  for (const [name, xml] of Object.entries(documents)) {
    it(name, () => expectSameAsXmlCrypto(xml));
  }
  it('exclusive C14N with an InclusiveNamespaces PrefixList', () => {
    expectSameAsXmlCrypto(documents['subtrees in document context (ancestors declare, descendants use or not)']!, [
      'z',
    ]);
    expectSameAsXmlCrypto(documents['attribute order, quotes and spacing in tags']!, ['a']);
  });

  it('the enveloped transform: the document without one subtree, and PIs outside the root', () => {
    const xml =
      '<?xml version="1.0"?>\n<?before x?>\n<r xmlns:ds="urn:ds" b="2" a="1"><x/><ds:Signature><ds:V>1</ds:V></ds:Signature><y/></r>\n<?after?>';
    const document = parseLightXml(xml);
    const signature = document.root.children.find(
      (c): c is XmlElement => typeof c === 'object' && 'local' in c && c.local === 'Signature',
    );
    const reference = dom(
      xml.replace(/<\?(before|after)[^?]*\?>/g, '').replace(/<ds:Signature>.*<\/ds:Signature>/, ''),
    );
    expect(documentC14n(document, signature)).toBe(
      `<?before x?>\n${xmlCryptoInclusive(reference.documentElement!)}\n<?after?>`,
    );
  });

  it('xml:* attributes of ancestors are inherited by a subtree apex (C14N 1.0 §2.4)', () => {
    const document = parseLightXml('<r xml:lang="es" xml:space="preserve"><s xml:lang="en"><t/></s></r>');
    const s = document.root.children[0] as XmlElement;
    expect(inclusiveC14n(s)).toBe('<s xml:lang="en" xml:space="preserve"><t></t></s>');
    expect(inclusiveC14n(s.children[0] as XmlElement)).toBe('<t xml:lang="en" xml:space="preserve"></t>');
  });
});

describe('the light parser', () => {
  it('reads names, namespaces, attributes, ids and text', () => {
    const document = parseLightXml(
      '\uFEFF<?xml version="1.0" encoding="UTF-8"?>\n<r xmlns="urn:d" xmlns:p="urn:p"><p:a p:Id="k1" n="v">t<!--c-->u&amp;</p:a><b ID="k2"/></r>',
    );
    const a = document.root.children[0] as XmlElement;
    expect([document.root.local, document.root.ns, a.prefix, a.local, a.ns]).toEqual(['r', 'urn:d', 'p', 'a', 'urn:p']);
    expect(a.attributes.map((x) => [x.name, x.ns, x.value])).toEqual([
      ['p:Id', 'urn:p', 'k1'],
      ['n', '', 'v'],
    ]);
    expect(textOf(a)).toBe('tu&');
    expect(document.ids.get('k1')).toBe(a);
    expect(document.ids.get('k2')?.local).toBe('b');
  });

  const malformed: Record<string, string> = {
    'a DOCTYPE (XXE)': '<?xml version="1.0"?><!DOCTYPE r [<!ENTITY x SYSTEM "file:///etc/passwd">]><r>&x;</r>',
    'an internal entity declaration': '<!DOCTYPE r [<!ENTITY a "aaaa">]><r>&a;</r>',
    'an undeclared entity': '<r>&nbsp;</r>',
    'a stray ampersand': '<r>a & b</r>',
    'an illegal character reference': '<r>&#0;</r>',
    'an illegal character': '<r>\u0001</r>',
    'mismatched tags': '<r><a></b></r>',
    'an end tag that only starts like the open one': '<r><ab></a></r>',
    'an unclosed element': '<r><a></r>',
    'two roots': '<r/><s/>',
    'text outside the root': '<r/>x',
    'a duplicate attribute': '<r a="1" a="2"/>',
    'a duplicate expanded name': '<r xmlns:p="urn:x" xmlns:q="urn:x" p:a="1" q:a="2"/>',
    'an undeclared prefix': '<p:r/>',
    'an undeclared attribute prefix': '<r p:a="1"/>',
    '"<" in an attribute value': '<r a="<"/>',
    'an unquoted attribute': '<r a=1/>',
    'attributes without whitespace between them': '<r a="1"b="2"/>',
    'no root': '<?xml version="1.0"?>',
    'a bad qualified name': '<r:/>',
    '"]]>" in text': '<r>]]></r>',
    'xmlns:p=""': '<r xmlns:p=""/>',
    'nesting deeper than 256 levels': `${'<a>'.repeat(300)}${'</a>'.repeat(300)}`,
  };
  for (const [name, xml] of Object.entries(malformed)) {
    it(`rejects ${name}`, () => expect(() => parseLightXml(xml)).toThrow(LightXmlError));
  }
});
