import { describe, expect, it } from 'vitest';
import { attributeOf as attribute, child, children, ownText as text } from '@fe/dian-xml';
import { parseDocumentRoot } from './document-root.ts';

const invoice = (body: string) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<!-- issuer -->\n<inv:Invoice xmlns:inv="urn:x" xmlns:cbc="urn:y">${body}</inv:Invoice>\n`;

describe('parseDocumentRoot', () => {
  it('reads by local name whatever the prefix, and keeps xmlns declarations out of the attributes', () => {
    const root = parseDocumentRoot(
      invoice(`<cbc:ID schemeID="8" schemeName='31'> 900123456 </cbc:ID><cbc:Note>a</cbc:Note><Note>b</Note><empty/>`),
    );
    expect(root.localName).toBe('Invoice');
    expect(root.attributes.size).toBe(0);
    expect(text(root, 'ID')).toBe('900123456');
    expect(attribute(child(root, 'ID'), 'schemeID')).toBe('8');
    expect(attribute(child(root, 'ID'), 'schemeName')).toBe('31');
    expect(attribute(child(root, 'ID'), 'constructor')).toBeUndefined();
    expect(children(root, 'Note').map((n) => text(n))).toEqual(['a', 'b']);
    expect(text(root, 'empty')).toBeUndefined();
    expect(child(root, 'missing', 'ID')).toBeUndefined();
  });

  it('resolves the XML entities and character references, keeps CDATA as is, skips comments', () => {
    const root = parseDocumentRoot(
      invoice(
        `<Name>P&#233;rez &amp; Hijos &lt;Ltda&gt; &quot;&apos; &#xF1;&#x1F600;</Name>` +
          `<Note><![CDATA[a & <b>]]><!-- not text --> c</Note><QR>NumFac: 1\r\nFecFac: 2</QR><X a="&lt;&#65;"/>`,
      ),
    );
    expect(text(root, 'Name')).toBe('Pérez & Hijos <Ltda> "\' ñ😀');
    expect(text(root, 'Note')).toBe('a & <b> c');
    expect(text(root, 'QR')).toBe('NumFac: 1\nFecFac: 2');
    expect(attribute(child(root, 'X'), 'a')).toBe('<A');
  });

  it.each([
    ['not xml <'],
    ['<Invoice><ID>1</Invoice>'],
    ['<Invoice><ID>1</ID>'],
    ['<Invoice>a &nbsp; b</Invoice>'],
    ['<Invoice>a & b</Invoice>'],
    ['<Invoice>&#0;</Invoice>'],
    ['<Invoice id=1/>'],
    ['<Invoice id="1/>'],
    ['<Invoice/><Invoice/>'],
    ['<!DOCTYPE Invoice [<!ENTITY x "y">]><Invoice>&x;</Invoice>'],
    ['<Invoice><!-- open</Invoice>'],
    [''],
  ])('refuses %j as not well-formed', (xml) => {
    expect(() => parseDocumentRoot(xml)).toThrow(expect.objectContaining({ code: 'NOT_AN_INVOICE' }));
  });

  it('reads the roots of an invoice, a credit note and a debit note; refuses any other (NOT_AN_INVOICE)', () => {
    for (const root of ['Invoice', 'CreditNote', 'DebitNote'])
      expect(parseDocumentRoot(`<x:${root} xmlns:x="urn:x"><ID>1</ID></x:${root}>`).localName).toBe(root);
    expect(() => parseDocumentRoot('<ApplicationResponse><ID>1</ID></ApplicationResponse>')).toThrow(
      expect.objectContaining({ code: 'NOT_AN_INVOICE' }),
    );
    expect(() => parseDocumentRoot('<toString><ID>1</ID></toString>')).toThrow(
      expect.objectContaining({ code: 'NOT_AN_INVOICE' }),
    );
  });
});
