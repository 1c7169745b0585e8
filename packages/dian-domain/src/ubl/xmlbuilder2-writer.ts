import { create } from 'xmlbuilder2';
import type { XMLBuilder } from 'xmlbuilder2/lib/interfaces.js';
import { canonicalAttributeOrder, XML_DECLARATION, type XmlAttributes, type XmlWriter } from './xml-writer.ts';

/**
 * The XmlWriter on xmlbuilder2, the package the brief named. Slower than the string writer (`pnpm bench:build`),
 * so not the default; it stays to keep that comparison honest and to cross-check escaping.
 */
export class Xmlbuilder2Writer implements XmlWriter {
  private readonly doc = create({ version: '1.0', encoding: 'UTF-8', standalone: false });
  private current: XMLBuilder | undefined;
  private depth = 0;

  open(name: string, attributes?: XmlAttributes): void {
    this.current = this.element(name, attributes);
    this.depth++;
  }

  leaf(name: string, text: string, attributes?: XmlAttributes): void {
    this.element(name, attributes).txt(text);
  }

  close(): void {
    if (!this.current || this.depth === 0) throw new Error('close() without an open element');
    this.depth--;
    this.current = this.depth === 0 ? this.current : this.current.up();
  }

  finish(): string {
    if (this.depth !== 0) throw new Error('unclosed elements');
    const body = this.doc.end({ headless: true, prettyPrint: false, wellFormed: true });
    return XML_DECLARATION + body;
  }

  private element(name: string, attributes?: XmlAttributes): XMLBuilder {
    const parent = this.current ?? this.doc;
    // Namespaces are declared once on the root; xmlbuilder2 needs the URI to resolve each prefix.
    const child = this.current ? parent.ele(name) : parent.ele(attributes?.xmlns ?? null, name);
    for (const [key, value] of canonicalAttributeOrder(attributes ?? {})) {
      if (key !== 'xmlns' || this.current) child.att(key, value);
    }
    return child;
  }
}
