import type { Element, Node } from '@xmldom/xmldom';
import { C14nCanonicalization, ExclusiveCanonicalization } from 'xml-crypto';

/**
 * Canonicalization for the verifiers, on xml-crypto's C14N implementations over our own DOM (one
 * parse per request). Inclusive C14N of an element "in document context" carries every namespace
 * declared on its ancestors (reference §5.4 step 2), so they are collected and passed in.
 */
const inclusive = new C14nCanonicalization();
const exclusive = new ExclusiveCanonicalization();

export const C14N = 'http://www.w3.org/TR/2001/REC-xml-c14n-20010315';
export const EXC_C14N = 'http://www.w3.org/2001/10/xml-exc-c14n#';

type NsDeclaration = { prefix: string; namespaceURI: string };

/** Namespace declarations in scope at `element` from its ancestors (nearest wins), excluding its own. */
function ancestorNamespaces(element: Element): NsDeclaration[] {
  const seen = new Map<string, string>();
  for (let node: Node | null = element.parentNode; node && node.nodeType === 1; node = node.parentNode) {
    const attributes = (node as Element).attributes;
    for (let i = 0; i < attributes.length; i++) {
      const attr = attributes.item(i)!;
      const prefix = attr.name === 'xmlns' ? '' : attr.prefix === 'xmlns' ? attr.localName! : undefined;
      if (prefix !== undefined && !seen.has(prefix)) seen.set(prefix, attr.value);
    }
  }
  return [...seen].filter(([, uri]) => uri !== '').map(([prefix, namespaceURI]) => ({ prefix, namespaceURI }));
}

export function inclusiveC14n(element: Element): string {
  return inclusive.process(element as never, { ancestorNamespaces: ancestorNamespaces(element) } as never) as unknown as string;
}

export function exclusiveC14n(element: Element, inclusivePrefixes: string[] = []): string {
  return exclusive.process(element as never, { inclusiveNamespacesPrefixList: inclusivePrefixes } as never) as unknown as string;
}

/** The element whose Id / wsu:Id / ID attribute equals `id` (first in document order), if any. */
export function findById(root: Element, id: string): Element | undefined {
  const stack: Element[] = [root];
  for (let guard = 0; stack.length > 0 && guard < 1_000_000; guard++) {
    const el = stack.pop()!;
    const attributes = el.attributes;
    for (let i = 0; i < attributes.length; i++) {
      const attr = attributes.item(i)!;
      if ((attr.localName === 'Id' || attr.localName === 'ID' || attr.localName === 'id') && attr.value === id) return el;
    }
    for (let n = el.lastChild; n; n = n.previousSibling) if (n.nodeType === 1) stack.push(n as Element);
  }
  return undefined;
}
