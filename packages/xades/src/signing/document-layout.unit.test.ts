import { describe, expect, it } from 'vitest';
import type { XadesError } from '../errors.ts';
import { readLayout } from './document-layout.ts';

const ROOT =
  '<Invoice xmlns="urn:i" xmlns:ds="http://www.w3.org/2000/09/xmldsig#" xmlns:ext="urn:e" xmlns:xades="http://uri.etsi.org/01903/v1.3.2#">';
const DOC = `<?xml version="1.0" encoding="UTF-8" standalone="no"?>\n${ROOT}<ext:UBLExtensions><ext:UBLExtension></ext:UBLExtension></ext:UBLExtensions><a>1</a></Invoice>`;
const codeOf = (xml: string) => {
  try {
    readLayout(xml);
  } catch (error) {
    return (error as XadesError).code;
  }
  return undefined;
};

describe('readLayout', () => {
  it('finds the root after the declaration, the slot, and the root namespaces in canonical order', () => {
    const layout = readLayout(DOC);
    expect(DOC.startsWith('<Invoice ', layout.bodyStart)).toBe(true);
    expect(DOC.startsWith('</ext:UBLExtensions><a>', layout.slot)).toBe(true);
    expect(layout.namespaces).toBe(ROOT.slice('<Invoice'.length, -1));
    expect(layout.bodyEnd).toBe(DOC.length);
  });

  it("ends the canonical document at the root's end tag: whitespace after it is not part of it", () => {
    const layout = readLayout(`${DOC}\r\n\n `);
    expect(layout.bodyEnd).toBe(DOC.length);
  });

  it.each([
    [
      'no UBLExtensions',
      DOC.replaceAll('<ext:UBLExtensions>', '').replaceAll('</ext:UBLExtensions>', ''),
      'XML_NO_SIGNATURE_SLOT',
    ],
    ['a comment before the root', DOC.replace('\n<Invoice', '\n<!-- x --><Invoice'), 'XML_UNSUPPORTED_LAYOUT'],
    [
      'no ds prefix on the root',
      DOC.replace(' xmlns:ds="http://www.w3.org/2000/09/xmldsig#"', ''),
      'XML_UNSUPPORTED_LAYOUT',
    ],
    [
      'xml:lang on the root (inherited by C14N subsets)',
      DOC.replace('<Invoice ', '<Invoice xml:lang="es" '),
      'XML_UNSUPPORTED_LAYOUT',
    ],
    [
      'UBLExtensions not first',
      DOC.replace('<ext:UBLExtensions>', '<b></b><ext:UBLExtensions>'),
      'XML_UNSUPPORTED_LAYOUT',
    ],
    ['a comment after the root (C14N keeps it)', `${DOC}\n<!-- x -->\n`, 'XML_UNSUPPORTED_LAYOUT'],
    ['a processing instruction after the root', `${DOC}<?pi x?>`, 'XML_UNSUPPORTED_LAYOUT'],
    ['text after the root', `${DOC}x`, 'XML_UNSUPPORTED_LAYOUT'],
  ])('refuses %s', (_, xml, code) => {
    expect(codeOf(xml)).toBe(code);
  });
});
