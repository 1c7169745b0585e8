// The tree against xmldom (an independent, DOM-conformant parser) on DIAN's published
// answers and the simulator's, and the inputs it must refuse.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DOMParser, type Element } from '@xmldom/xmldom';
import { describe, expect, it } from 'vitest';

const samples = join(import.meta.dirname, '../../../spec/dian/web-service/responses');
import { contentSourceOf, sourceOf } from './lookups.ts';
import { parseXmlTree, textContent, XmlParseError, type XmlElement } from './xml-tree.ts';

/** The same element as xmldom sees it: names, namespace, attributes by expanded name, text, children. */
function expectSame(ours: XmlElement, theirs: Element, path: string): void {
  expect(ours.localName, path).toBe(theirs.localName);
  expect(ours.namespaceURI, path).toBe(theirs.namespaceURI ?? '');
  expect(textContent(ours), path).toBe(theirs.textContent);
  const attributes = new Map<string, string>();
  for (let k = 0; k < theirs.attributes.length; k++) {
    const a = theirs.attributes.item(k)!;
    if (a.name === 'xmlns' || a.name.startsWith('xmlns:')) continue;
    attributes.set(a.namespaceURI ? `{${a.namespaceURI}}${a.localName}` : a.localName!, a.value);
  }
  expect(ours.attributes, path).toEqual(attributes);
  const theirChildren: Element[] = [];
  for (let n = theirs.firstChild; n; n = n.nextSibling) if (n.nodeType === 1) theirChildren.push(n as Element);
  const ourChildren = ours.content.filter((c): c is XmlElement => typeof c !== 'string');
  expect(ourChildren.length, path).toBe(theirChildren.length);
  ourChildren.forEach((child, i) => expectSame(child, theirChildren[i]!, `${path}/${child.localName}`));
}

const fromXmldom = (text: string) => new DOMParser().parseFromString(text, 'text/xml').documentElement!;

describe('parseXmlTree', () => {
  it.each(readdirSync(samples))('reads DIAN sample %s as xmldom does', (name) => {
    const text = readFileSync(join(samples, name), 'utf8');
    expectSame(parseXmlTree(text), fromXmldom(text), '');
  });

  it('decodes references, CDATA and line ends, and resolves default and prefixed namespaces as xmldom does', () => {
    const text =
      '<?xml version="1.0"?>\r\n<!-- before -->\r\n<s:Envelope xmlns:s="urn:s" xmlns="urn:d" xmlns:i="http://www.w3.org/2001/XMLSchema-instance">' +
      '<Body a="x&#9;y&#x41;\t&quot;"><v i:nil="true"/><t>1 &lt; 2 &amp;&amp; &#233;&#x1F600;</t><c><![CDATA[<raw> & ]]>\r\nline</c>' +
      '<inner xmlns="urn:other"><deep xmlns=""/></inner></Body></s:Envelope>';
    const ours = parseXmlTree(text);
    expectSame(ours, fromXmldom(text), '');
    const body = ours.content[0] as XmlElement;
    // the TAB written as a reference is kept, the literal one becomes a space
    expect(body.attributes.get('a')).toBe('x\tyA "');
    expect((body.content[0] as XmlElement).attributes.get('{http://www.w3.org/2001/XMLSchema-instance}nil')).toBe(
      'true',
    );
    expect(textContent(body.content[1] as XmlElement)).toBe('1 < 2 && é😀');
    expect(textContent(body.content[2] as XmlElement)).toBe('<raw> & \nline');
  });

  it("gives each element's span in the text as given, line ends included, for a builder that copies it", () => {
    const text =
      '<?xml version="1.0"?>\r\n<r xmlns:c="urn:c">\r\n  <c:p a="x>y\r\nz"><c:q>1 &amp; 2</c:q>\r\n<c:e/></c:p >\r\n</r>';
    const root = parseXmlTree(text);
    const p = root.content[1] as XmlElement;
    expect(sourceOf(text, root)).toBe(text.slice(text.indexOf('<r ')));
    expect(sourceOf(text, p)).toBe('<c:p a="x>y\r\nz"><c:q>1 &amp; 2</c:q>\r\n<c:e/></c:p >');
    expect(p.attributes.get('a')).toBe('x>y z');
    expect(contentSourceOf(text, p)).toBe('<c:q>1 &amp; 2</c:q>\r\n<c:e/>');
    expect(contentSourceOf(text, p.content[0] as XmlElement)).toBe('1 &amp; 2');
    expect(sourceOf(text, p.content[2] as XmlElement)).toBe('<c:e/>');
    expect(contentSourceOf(text, p.content[2] as XmlElement)).toBe('');
  });

  it.each([
    ['a DOCTYPE', '<!DOCTYPE a [<!ENTITY e "x">]><a>&e;</a>'],
    ['an undeclared entity', '<a>&e;</a>'],
    ['a stray ampersand', '<a>fish & chips</a>'],
    ['a mismatched end tag', '<a><b></a></b>'],
    ['an unclosed element', '<a><b></b>'],
    ['two roots', '<a/><b/>'],
    ['text outside the root', '<a/>tail'],
    ['no root', '<?xml version="1.0"?>'],
    ['an undeclared prefix', '<p:a/>'],
    ['an undeclared attribute prefix', '<a p:x="1"/>'],
    ['a repeated attribute', '<a x="1" x="2"/>'],
    ['the same expanded attribute twice', '<a xmlns:p="urn:x" xmlns:q="urn:x" p:x="1" q:x="2"/>'],
    ['an unquoted attribute', '<a x=1/>'],
    ['"<" in an attribute', '<a x="<"/>'],
    ['a character reference out of range', '<a>&#x110000;</a>'],
    ['an unterminated comment', '<a><!-- x</a>'],
  ])('refuses %s', (_, text) => {
    expect(() => parseXmlTree(text)).toThrow(XmlParseError);
  });
});
