import { type Canvas } from './canvas.ts';
import { drawable, STANDARD, type FontFace } from './fonts.ts';
import { colors, sizes } from './page-geometry.ts';
import { showText, standardFaces, widthOfBytes, winAnsi, type StandardFace } from './standard-font.ts';

/**
 * Text primitives. `drawable` picks the font so no character can break a render; wrapping is done here, one
 * measure per word, never by pdfkit's line wrapper.
 */
export type TextStyle = { face?: FontFace; size?: number; color?: string };

/** A font at a size and colour: measures strings, and draws them with their top at y. */
export type Pen = {
  readonly lineHeight: number;
  /** "…" as this pen encodes it. */
  readonly ellipsis: string;
  width(text: string): number;
  draw(x: number, y: number, text: string, width?: number): void;
};

/** The pen for `text` in the style, and the text as it can be drawn. */
export function prepare(
  canvas: Canvas,
  text: string,
  style: TextStyle = {},
  keepBreaks = false,
): { pen: Pen; text: string } {
  const face = style.face ?? 'regular';
  const d = drawable(text, face, keepBreaks);
  const size = style.size ?? sizes.body;
  const color = style.color ?? colors.text;
  if (d.font === STANDARD[face])
    return { pen: new StandardPen(canvas, standardFaces[face], size, color), text: winAnsi(d.text) };
  return { pen: pdfkitPen(canvas, d.font, size, color), text: d.text };
}

const ELLIPSIS = winAnsi('\u2026');

/** Helvetica: WinAnsi bytes, measured with the shared tables, drawn by the canvas. */
class StandardPen implements Pen {
  readonly ellipsis = ELLIPSIS;
  readonly #canvas: Canvas;
  readonly #face: StandardFace;
  readonly #size: number;
  readonly #scale: number;
  readonly #color: string;

  constructor(canvas: Canvas, face: StandardFace, size: number, color: string) {
    this.#canvas = canvas;
    this.#face = face;
    this.#size = size;
    this.#scale = size / 1000;
    this.#color = color;
  }

  get lineHeight(): number {
    return (this.#face.ascender - this.#face.descender) * this.#scale;
  }

  width(bytes: string): number {
    return widthOfBytes(this.#face, bytes) * this.#scale;
  }

  draw(x: number, y: number, bytes: string): void {
    if (bytes) this.#canvas.text(this.#face, this.#size, this.#color, x, y, showText(this.#face, bytes));
  }
}

/** The embedded fallback font, through pdfkit (font subsetting, OpenType shaping). */
function pdfkitPen(canvas: Canvas, font: string, size: number, color: string): Pen {
  const { doc } = canvas;
  const select = () => doc.font(font).fontSize(size);
  return {
    lineHeight: select().currentLineHeight(),
    ellipsis: '\u2026',
    width: (text) => select().widthOfString(text),
    draw(x, y, text, width) {
      canvas.flush(); // what is queued goes first: pdfkit writes straight into the page
      select().fillColor(color);
      // A known width spares pdfkit measuring the same string again.
      const measured = width === undefined ? {} : { textWidth: width, wordCount: 1 };
      doc.text(text, x, y, { lineBreak: false, ...measured } as PDFKit.Mixins.TextOptions);
    },
  };
}

/** One line at (x, y); with a width it is aligned in it and cut with "…" if it does not fit. */
export function line(
  canvas: Canvas,
  text: string,
  x: number,
  y: number,
  style: TextStyle = {},
  box?: { width: number; align?: 'left' | 'right' | 'center' },
): void {
  const { pen, text: safe } = prepare(canvas, text, style);
  drawIn(pen, safe, x, y, box);
}

/** Draws prepared text at (x, y), aligned in the box and cut with "…" when too wide for it. */
export function drawIn(
  pen: Pen,
  text: string,
  x: number,
  y: number,
  box?: { width: number; align?: 'left' | 'right' | 'center' },
): void {
  if (!box) return pen.draw(x, y, text);
  let width = pen.width(text);
  if (width > box.width) {
    text = truncate(pen, text, box.width);
    width = pen.width(text);
  }
  if (box.align === 'right') x += box.width - width;
  else if (box.align === 'center') x += (box.width - width) / 2;
  pen.draw(x, y, text, width);
}

function truncate(pen: Pen, text: string, width: number): string {
  const chars = [...text];
  const dots = pen.ellipsis;
  let low = 0;
  let high = chars.length;
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if (pen.width(chars.slice(0, mid).join('') + dots) <= width) low = mid;
    else high = mid - 1;
  }
  return chars.slice(0, low).join('') + dots;
}

/**
 * Greedy word wrap, each word measured once, in place of pdfkit's costlier wrapper. A word wider than the line is
 * cut between characters.
 */
function wrap(pen: Pen, text: string, width: number): string[] {
  const lines: string[] = [];
  const space = pen.width(' ');
  for (const paragraph of text.split('\n')) {
    let current = '';
    let used = 0;
    for (const word of paragraph.split(' ')) {
      if (!word) continue;
      let w = pen.width(word);
      let rest = word;
      if (current && used + space + w <= width) {
        current += ` ${rest}`;
        used += space + w;
        continue;
      }
      if (current) lines.push(current);
      while (w > width) {
        const fit = fitting(pen, rest, width);
        lines.push(rest.slice(0, fit));
        rest = rest.slice(fit);
        w = pen.width(rest);
      }
      current = rest;
      used = w;
    }
    lines.push(current);
  }
  return lines;
}

/** How many UTF-16 units of `text` fit in `width` (at least one character). */
function fitting(pen: Pen, text: string, width: number): number {
  let low = 1;
  let high = text.length;
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if (pen.width(text.slice(0, mid)) <= width) low = mid;
    else high = mid - 1;
  }
  // Never split a surrogate pair.
  return low < text.length && /[\uDC00-\uDFFF]/.test(text[low]!) ? Math.max(1, low - 1) : low;
}

/** The lines of prepared text in `width`: itself when it fits on one, else wrapped. */
export function linesOf(pen: Pen, text: string, width: number): string[] {
  return !text.includes('\n') && pen.width(text) <= width ? [text] : wrap(pen, text, width);
}

/** Height of `text` wrapped to `width` with the style. */
export function blockHeight(canvas: Canvas, text: string, width: number, style: TextStyle = {}): number {
  const { pen, text: safe } = prepare(canvas, text, style, true);
  return linesOf(pen, safe, width).length * pen.lineHeight;
}

/** Wrapped text at (x, y), one line under the other; returns the height it took. */
export function block(
  canvas: Canvas,
  text: string,
  x: number,
  y: number,
  width: number,
  style: TextStyle = {},
): number {
  const { pen, text: safe } = prepare(canvas, text, style, true);
  const lines = linesOf(pen, safe, width);
  lines.forEach((l, i) => {
    if (l) pen.draw(x, y + i * pen.lineHeight, l);
  });
  return lines.length * pen.lineHeight;
}

/** A small muted label followed by its value, wrapped under itself when long. */
export function labelled(canvas: Canvas, label: string, value: string, x: number, y: number, width: number): number {
  const labelWidth = drawLabel(canvas, label, x, y + 0.6);
  return block(canvas, value, x + labelWidth, y, width - labelWidth);
}

/** "Label: " small and muted at (x, y); returns its width. */
export function drawLabel(canvas: Canvas, label: string, x: number, y: number): number {
  const { pen, text } = prepare(canvas, `${label}: `, { size: sizes.label, color: colors.muted });
  pen.draw(x, y, text);
  return pen.width(text);
}
