import type { Font, GlyphPosition, GlyphRun } from 'fontkit';

/**
 * A fontkit font whose `layout` (OpenType shaping: GSUB/GPOS lookups, kerning) is memoized per
 * string across documents. pdfkit keeps a layout cache too, but per document: without this, every
 * invoice re-shapes the same labels, product names and digits, and shaping was two thirds of a
 * render. pdfkit calls `layout` once per word per document and then scales the returned
 * positions in place, so each call gets fresh position objects (cheap) around shared glyphs.
 *
 * Bounded: amounts and CUFEs make some strings unique, so the cache is dropped when it is full.
 * Keys are stored as copies: a string read from an invoice may be a slice of the whole XML text,
 * which V8 keeps alive as long as the slice (see standard-font.ts).
 */
const MAX_ENTRIES = 20_000;

class CopiedRun {
  readonly glyphs: GlyphRun['glyphs'];
  readonly positions: GlyphPosition[];
  constructor(run: GlyphRun) {
    this.glyphs = run.glyphs;
    this.positions = run.positions.map((p) => ({ xAdvance: p.xAdvance, yAdvance: p.yAdvance, xOffset: p.xOffset, yOffset: p.yOffset }));
  }
  // Read by pdfkit after it scaled the positions, like fontkit's own GlyphRun getter.
  get advanceWidth(): number {
    let width = 0;
    for (const p of this.positions) width += p.xAdvance;
    return width;
  }
}

export function withSharedLayoutCache(font: Font): Font {
  const cache = new Map<string, GlyphRun>();
  const layout = (text: string, features?: unknown): GlyphRun | CopiedRun => {
    if (features !== undefined) return font.layout(text, features as string[]);
    let run = cache.get(text);
    if (!run) {
      if (cache.size >= MAX_ENTRIES) cache.clear();
      run = font.layout(text);
      cache.set(Buffer.from(text, 'utf8').toString('utf8'), run);
    }
    return new CopiedRun(run);
  };
  // Everything else is the real font, with `this` bound to it (fontkit caches tables on itself).
  return new Proxy(font, {
    get(target, property) {
      if (property === 'layout') return layout;
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}
