import type { Font, GlyphPosition, GlyphRun } from 'fontkit';

/**
 * A fontkit font whose `layout` is memoized across documents (pdfkit's cache is per document). Bounded, and
 * keys are copied so a slice of the whole XML text is not kept alive.
 */
const MAX_ENTRIES = 20_000;

class CopiedRun {
  readonly glyphs: GlyphRun['glyphs'];
  readonly positions: GlyphPosition[];
  constructor(run: GlyphRun) {
    this.glyphs = run.glyphs;
    this.positions = run.positions.map((p) => ({
      xAdvance: p.xAdvance,
      yAdvance: p.yAdvance,
      xOffset: p.xOffset,
      yOffset: p.yOffset,
    }));
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
