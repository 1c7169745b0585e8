import { parseXmlTree, XmlParseError, type XmlElement } from '@fe/dian-xml';
import { RendererError } from '../errors.ts';
import { documentKinds } from './document-kind.ts';

/** The root of a UBL Invoice, CreditNote or DebitNote (document-kind.ts); anything else is NOT_AN_INVOICE. */
export function parseDocumentRoot(xml: string): XmlElement {
  let root: XmlElement;
  try {
    root = parseXmlTree(xml);
  } catch (error) {
    if (error instanceof XmlParseError)
      throw new RendererError('NOT_AN_INVOICE', `not well-formed XML: ${error.message}`);
    throw error;
  }
  if (!Object.hasOwn(documentKinds, root.localName))
    throw new RendererError('NOT_AN_INVOICE', 'the root element is not a UBL Invoice, CreditNote or DebitNote');
  return root;
}

/** A field the law requires on the PDF: its absence means the invoice itself is broken. */
export function required(value: string | undefined, what: string): string {
  if (value === undefined) throw new RendererError('MISSING_FIELD', `the invoice has no ${what}`);
  return value;
}
