import { describe, expect, it } from 'vitest';
import {
  editElementContent,
  editOpenTag,
  elementAsWritten,
  elementContent,
  withoutElement,
  withoutSignature,
} from './edit-xml.ts';

const xml = '<a><cbc:IDX>0</cbc:IDX><cbc:ID schemeID="8">900</cbc:ID><cbc:Empty/><cbc:ID>2</cbc:ID></a>';

describe('editing a document in place', () => {
  it('finds the first element of that exact name, with or without attributes', () => {
    expect(elementContent(xml, 'cbc:ID')).toBe('900');
    expect(elementAsWritten(xml, 'cbc:ID')).toBe('<cbc:ID schemeID="8">900</cbc:ID>');
    expect(editElementContent(xml, 'cbc:ID', (t) => `${t}1`)).toBe(xml.replace('>900<', '>9001<'));
    expect(withoutElement(xml, 'cbc:ID')).toBe('<a><cbc:IDX>0</cbc:IDX><cbc:Empty/><cbc:ID>2</cbc:ID></a>');
    expect(editOpenTag(xml, 'cbc:ID', (tag) => tag.replace('8', '9'))).toBe(
      xml.replace('schemeID="8"', 'schemeID="9"'),
    );
    expect(withoutElement(xml, 'cbc:Empty')).toBe(
      '<a><cbc:IDX>0</cbc:IDX><cbc:ID schemeID="8">900</cbc:ID><cbc:ID>2</cbc:ID></a>',
    );
  });

  it('removes the extension that holds the signature, and nothing else', () => {
    const signed =
      '<I><ext:UBLExtensions><ext:UBLExtension>a</ext:UBLExtension><ext:UBLExtension><ext:ExtensionContent><ds:Signature Id="s">x</ds:Signature></ext:ExtensionContent></ext:UBLExtension></ext:UBLExtensions></I>';
    expect(withoutSignature(signed)).toBe(
      '<I><ext:UBLExtensions><ext:UBLExtension>a</ext:UBLExtension></ext:UBLExtensions></I>',
    );
    expect(() => withoutSignature(withoutSignature(signed))).toThrow('no signature extension');
  });

  it('throws when the element is not there', () => {
    expect(() => withoutElement(xml, 'cbc:Missing')).toThrow('no <cbc:Missing> to edit');
  });
});
