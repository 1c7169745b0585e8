import { drawable, type FontFace } from './fonts.ts';
import { colors, sizes } from './page-geometry.ts';

/**
 * Text primitives over pdfkit. Single lines go straight to `text(…, { lineBreak: false })`, which
 * skips pdfkit's line wrapper (most cells are one line, and this is the hot path of a render);
 * only text that does not fit its width is wrapped. Every string passes `drawable`, which picks
 * the font and makes sure a character outside it can never break a render.
 */
export type Doc = PDFKit.PDFDocument;
export type TextStyle = { face?: FontFace; size?: number; color?: string };

/** Sets font, size and colour for `text`; returns the text as it can be drawn. */
export function prepare(doc: Doc, text: string, style: TextStyle = {}, keepBreaks = false): string {
  const d = drawable(text, style.face, keepBreaks);
  doc.font(d.font).fontSize(style.size ?? sizes.body).fillColor(style.color ?? colors.text);
  return d.text;
}

/** One line at (x, y); with a width it is aligned in it and cut with "…" if it does not fit. */
export function line(
  doc: Doc, text: string, x: number, y: number, style: TextStyle = {},
  box?: { width: number; align?: 'left' | 'right' | 'center' },
): void {
  let safe = prepare(doc, text, style);
  if (!box) {
    doc.text(safe, x, y, { lineBreak: false });
    return;
  }
  let width = doc.widthOfString(safe);
  if (width > box.width) {
    safe = truncate(doc, safe, box.width);
    width = doc.widthOfString(safe);
  }
  if (box.align === 'right') x += box.width - width;
  else if (box.align === 'center') x += (box.width - width) / 2;
  // The measured width spares pdfkit measuring the same string again (a kerned pass per cell).
  doc.text(safe, x, y, { lineBreak: false, textWidth: width, wordCount: 1 } as PDFKit.Mixins.TextOptions);
}

function truncate(doc: Doc, text: string, width: number): string {
  const chars = [...text];
  let low = 0;
  let high = chars.length;
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if (doc.widthOfString(chars.slice(0, mid).join('') + '…') <= width) low = mid;
    else high = mid - 1;
  }
  return chars.slice(0, low).join('') + '…';
}

/**
 * Greedy word wrap on the current font: each word is measured once. It replaces pdfkit's line
 * wrapper (Unicode line-breaking classes per character, and a second full pass to draw), which
 * was most of the cost of a wrapped cell. A word wider than the line (a URL, a CUFE) is cut
 * between characters.
 */
export function wrap(doc: Doc, text: string, width: number): string[] {
  const lines: string[] = [];
  const space = doc.widthOfString(' ');
  for (const paragraph of text.split('\n')) {
    let current = '';
    let used = 0;
    for (const word of paragraph.split(' ')) {
      if (!word) continue;
      let w = doc.widthOfString(word);
      let rest = word;
      if (current && used + space + w <= width) {
        current += ` ${rest}`;
        used += space + w;
        continue;
      }
      if (current) lines.push(current);
      while (w > width) {
        const fit = fitting(doc, rest, width);
        lines.push(rest.slice(0, fit));
        rest = rest.slice(fit);
        w = doc.widthOfString(rest);
      }
      current = rest;
      used = w;
    }
    lines.push(current);
  }
  return lines;
}

/** How many UTF-16 units of `text` fit in `width` (at least one character). */
function fitting(doc: Doc, text: string, width: number): number {
  let low = 1;
  let high = text.length;
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if (doc.widthOfString(text.slice(0, mid)) <= width) low = mid;
    else high = mid - 1;
  }
  // Never split a surrogate pair.
  return low < text.length && /[\uDC00-\uDFFF]/.test(text[low]!) ? Math.max(1, low - 1) : low;
}

/** Height of `text` wrapped to `width` with the style. */
export function blockHeight(doc: Doc, text: string, width: number, style: TextStyle = {}): number {
  const safe = prepare(doc, text, style, true);
  return wrap(doc, safe, width).length * doc.currentLineHeight();
}

/** Wrapped text at (x, y), one pdfkit call per line; returns the height it took. */
export function block(doc: Doc, text: string, x: number, y: number, width: number, style: TextStyle = {}): number {
  const safe = prepare(doc, text, style, true);
  const lineHeight = doc.currentLineHeight();
  const lines = !safe.includes('\n') && doc.widthOfString(safe) <= width ? [safe] : wrap(doc, safe, width);
  lines.forEach((l, i) => doc.text(l, x, y + i * lineHeight, { lineBreak: false }));
  return lines.length * lineHeight;
}

/** A small muted label followed by its value, wrapped under itself when long. */
export function labelled(doc: Doc, label: string, value: string, x: number, y: number, width: number): number {
  const labelText = prepare(doc, `${label}: `, { size: sizes.label, color: colors.muted });
  const labelWidth = doc.widthOfString(labelText);
  doc.text(labelText, x, y + 0.6, { lineBreak: false });
  return block(doc, value, x + labelWidth, y, width - labelWidth);
}
