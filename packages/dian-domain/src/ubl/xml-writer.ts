/**
 * The port the UBL builder writes through: `CanonicalXmlWriter` by default, `Xmlbuilder2Writer` kept so tests and
 * bench/ can check both give the same bytes.
 */
export type XmlAttributes = Readonly<Record<string, string>>;

export interface XmlWriter {
  open(name: string, attributes?: XmlAttributes): void;
  leaf(name: string, text: string, attributes?: XmlAttributes): void;
  close(): void;
  /** The document, with its XML declaration. Throws when an element is still open. */
  finish(): string;
}

export const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8" standalone="no"?>\n';

/**
 * Characters XML 1.0 cannot carry at all. The request schema already refuses them; finding one
 * here means an invariant broke, so the writer throws rather than emit a document DIAN refuses.
 */
const FORBIDDEN =
  // eslint-disable-next-line no-control-regex -- matching control characters is the point
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/u;

function assertCarriable(text: string): void {
  if (FORBIDDEN.test(text)) throw new RangeError('text holds a character XML 1.0 cannot carry');
}

// Escaping exactly as Canonical XML 1.0 writes text and attribute values, so the document is
// already in canonical form and the signer can digest it without re-serialising it.
const TEXT_SPECIAL = /[&<>\r]/;
const ATTR_SPECIAL = /[&<"\t\n\r]/;

export function escapeText(text: string): string {
  assertCarriable(text);
  if (!TEXT_SPECIAL.test(text)) return text;
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/\r/g, '&#xD;');
}

export function escapeAttribute(value: string): string {
  assertCarriable(value);
  if (!ATTR_SPECIAL.test(value)) return value;
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/"/g, '&quot;')
    .replace(/\t/g, '&#x9;')
    .replace(/\n/g, '&#xA;')
    .replace(/\r/g, '&#xD;');
}

/**
 * Canonical XML attribute order. Only unprefixed attributes besides `xmlns` keep this exact; a prefixed one would
 * need its namespace URI to sort, so it is refused.
 */
export function canonicalAttributeOrder(attributes: XmlAttributes): [string, string][] {
  const entries = Object.entries(attributes);
  for (const [name] of entries) {
    if (name.includes(':') && !name.startsWith('xmlns:'))
      throw new RangeError(`prefixed attribute ${name} is not supported`);
  }
  const rank = (name: string) => (name === 'xmlns' ? 0 : name.startsWith('xmlns:') ? 1 : 2);
  return entries.sort(([a], [b]) => rank(a) - rank(b) || (a < b ? -1 : a > b ? 1 : 0));
}

/** The default adapter: appends strings, never builds a tree. */
export class CanonicalXmlWriter implements XmlWriter {
  private readonly parts: string[] = [XML_DECLARATION];
  private readonly stack: string[] = [];

  open(name: string, attributes?: XmlAttributes): void {
    this.parts.push(`<${name}${attributes ? renderAttributes(attributes) : ''}>`);
    this.stack.push(name);
  }

  leaf(name: string, text: string, attributes?: XmlAttributes): void {
    this.parts.push(`<${name}${attributes ? renderAttributes(attributes) : ''}>${escapeText(text)}</${name}>`);
  }

  close(): void {
    const name = this.stack.pop();
    if (name === undefined) throw new Error('close() without an open element');
    this.parts.push(`</${name}>`);
  }

  finish(): string {
    if (this.stack.length) throw new Error(`unclosed elements: ${this.stack.join(' > ')}`);
    return this.parts.join('');
  }
}

function renderAttributes(attributes: XmlAttributes): string {
  let out = '';
  for (const [name, value] of canonicalAttributeOrder(attributes)) out += ` ${name}="${escapeAttribute(value)}"`;
  return out;
}
