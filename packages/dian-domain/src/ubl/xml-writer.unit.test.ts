import { describe, expect, it } from 'vitest';
import { canonicalAttributeOrder, CanonicalXmlWriter, escapeAttribute, escapeText } from './xml-writer.ts';

describe('CanonicalXmlWriter', () => {
  it('escapes text and attributes as Canonical XML writes them', () => {
    expect(escapeText('a & b < c > d " \' \r\n\t')).toBe('a &amp; b &lt; c &gt; d " \' &#xD;\n\t');
    expect(escapeAttribute('a & b < c > d " \' \r\n\t')).toBe("a &amp; b &lt; c > d &quot; ' &#xD;&#xA;&#x9;");
  });

  it('keeps emoji and accents as UTF-8 characters', () => {
    expect(escapeText('Peña 😀 café')).toBe('Peña 😀 café');
  });

  it.each(['\u0000', '\u0007', '\u001B', '\uFFFE', '\uD800', 'a\uDC00'])(
    'refuses %j, which XML 1.0 cannot carry',
    (bad) => {
      expect(() => escapeText(`x${bad}`)).toThrow(RangeError);
      expect(() => escapeAttribute(`x${bad}`)).toThrow(RangeError);
    },
  );

  it('orders namespace declarations first, then attributes by name', () => {
    expect(
      canonicalAttributeOrder({ schemeName: '31', 'xmlns:b': 'u', schemeID: '8', xmlns: 'd', 'xmlns:a': 'v' }).map(
        ([k]) => k,
      ),
    ).toEqual(['xmlns', 'xmlns:a', 'xmlns:b', 'schemeID', 'schemeName']);
    expect(() => canonicalAttributeOrder({ 'xsi:schemaLocation': 'x' })).toThrow(RangeError);
  });

  it('writes nested elements and refuses an unbalanced document', () => {
    const w = new CanonicalXmlWriter();
    w.open('a', { z: '1', b: '2' });
    w.leaf('c', 'x<y');
    w.close();
    expect(w.finish()).toBe('<?xml version="1.0" encoding="UTF-8" standalone="no"?>\n<a b="2" z="1"><c>x&lt;y</c></a>');
    const open = new CanonicalXmlWriter();
    open.open('a');
    expect(() => open.finish()).toThrow();
    expect(() => new CanonicalXmlWriter().close()).toThrow();
  });
});
