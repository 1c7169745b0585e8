import { SIGNATURE_SLOT_ANCHOR } from '@fe/dian-domain/primitives';
import { XadesError } from '../errors.ts';

/**
 * Where the signature goes, read from the string without a tree: sound because @fe/dian-domain writes canonical
 * XML with every namespace on the root. The checks refuse any document where that does not hold.
 */
export type DocumentLayout = {
  /** Offset of the root element: the canonical document is `xml.slice(bodyStart, bodyEnd)`. */
  bodyStart: number;
  /**
   * Offset just past the root's end tag. Whitespace may follow it (a final line break); C14N drops
   * it, as it drops the XML declaration, so the digest must end here.
   */
  bodyEnd: number;
  /** Offset of `</ext:UBLExtensions>`, before which the signature extension is inserted. */
  slot: number;
  /**
   * The root's namespace declarations in canonical order: exactly what inclusive C14N renders on a subtree's apex.
   */
  namespaces: string;
};

const NAMESPACE_DECLARATION = / xmlns(?::[A-Za-z_][\w.-]*)?="[^"]*"/g;

export function readLayout(xml: string): DocumentLayout {
  const bodyStart = rootOffset(xml);
  const rootEnd = xml.indexOf('>', bodyStart);
  const slot = xml.indexOf(SIGNATURE_SLOT_ANCHOR, bodyStart);
  if (rootEnd < 0 || slot < 0) throw new XadesError('XML_NO_SIGNATURE_SLOT');
  if (xml.indexOf(SIGNATURE_SLOT_ANCHOR, slot + 1) >= 0)
    throw new XadesError('XML_UNSUPPORTED_LAYOUT', 'more than one UBLExtensions');
  // Whitespace text before it (an indented document) is fine: C14N keeps it and so does the digest.
  let first = rootEnd + 1;
  while (xml[first] === ' ' || xml[first] === '\n' || xml[first] === '\r' || xml[first] === '\t') first++;
  if (!xml.startsWith('<ext:UBLExtensions>', first)) {
    throw new XadesError(
      'XML_UNSUPPORTED_LAYOUT',
      "ext:UBLExtensions must be the root's first child, without attributes",
    );
  }

  const bodyEnd = rootEndOffset(xml, bodyStart);
  const rootTag = xml.slice(bodyStart, rootEnd);
  const declarations = rootTag.match(NAMESPACE_DECLARATION) ?? [];
  const namespaces = declarations.join('');
  // Inclusive C14N also copies inherited xml:* attributes onto a subtree's apex; none is supported.
  if (rootTag.includes(' xml:')) throw new XadesError('XML_UNSUPPORTED_LAYOUT', 'xml:* attribute on the root');
  if (
    !namespaces.includes(' xmlns:ds="http://www.w3.org/2000/09/xmldsig#"') ||
    !namespaces.includes(' xmlns:xades="http://uri.etsi.org/01903/v1.3.2#"') ||
    !namespaces.includes(' xmlns:ext="')
  ) {
    throw new XadesError('XML_UNSUPPORTED_LAYOUT', 'the root must declare the ds, xades and ext prefixes');
  }
  if (!rootTag.startsWith(declarations[0] ?? '', rootTag.indexOf(' '))) {
    throw new XadesError('XML_UNSUPPORTED_LAYOUT', 'namespace declarations must come first on the root');
  }
  return { bodyStart, bodyEnd, namespaces, slot };
}

/**
 * The end of the root's end tag, past any trailing whitespace. A comment or processing instruction
 * after the root would be in the canonical form (after a line break): refused rather than digested.
 */
function rootEndOffset(xml: string, bodyStart: number): number {
  let end = xml.length;
  while (
    end > bodyStart &&
    (xml[end - 1] === '\n' || xml[end - 1] === '\r' || xml[end - 1] === ' ' || xml[end - 1] === '\t')
  )
    end--;
  let nameEnd = bodyStart + 1;
  while (nameEnd < xml.length && !' \t\r\n/>'.includes(xml[nameEnd]!)) nameEnd++;
  const rootName = xml[bodyStart] === '<' ? xml.slice(bodyStart + 1, nameEnd) : undefined;
  if (!rootName || !xml.startsWith(`</${rootName}>`, end - rootName.length - 3)) {
    throw new XadesError('XML_UNSUPPORTED_LAYOUT', 'only whitespace may follow the root element');
  }
  return end;
}

/** Skips the XML declaration and the line break after it (C14N drops both); nothing else may precede the root. */
function rootOffset(xml: string): number {
  let at = 0;
  if (xml.startsWith('<?xml')) {
    const end = xml.indexOf('?>');
    if (end < 0) throw new XadesError('XML_UNSUPPORTED_LAYOUT', 'unterminated XML declaration');
    at = end + 2;
    while (xml[at] === '\n' || xml[at] === '\r' || xml[at] === ' ' || xml[at] === '\t') at++;
  }
  const next = xml.charCodeAt(at + 1);
  if (xml[at] !== '<' || next === 33 /* ! */ || next === 63 /* ? */) {
    throw new XadesError('XML_UNSUPPORTED_LAYOUT', 'only an XML declaration may precede the root element');
  }
  return at;
}
