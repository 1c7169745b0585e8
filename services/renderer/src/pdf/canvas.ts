import type { StandardFace } from './standard-font.ts';

export type Doc = PDFKit.PDFDocument;

/**
 * The page content the renderer writes itself as PDF operators, emitting state only when it changes and keeping
 * text runs in one text object; pdfkit keeps the document. Call `flush()` before pdfkit draws or changes page.
 */
export class Canvas {
  readonly doc: Doc;
  #ops = '';
  #inText = false;
  #font: StandardFace | undefined;
  #size = 0;
  #fill = '';
  #stroke = '';
  #lineWidth = -1;
  /** One font dictionary per face for the whole document: id (`/S1`) and reference. */
  readonly #fonts = new Map<StandardFace, { id: string; ref: PDFKit.PDFKitReference }>();

  constructor(doc: Doc) {
    this.doc = doc;
  }

  /** `show` (a `Tj`/`TJ` operation, standard-font.ts) with its baseline placed for a top at y. */
  text(face: StandardFace, size: number, color: string, x: number, y: number, show: string): void {
    if (!this.#inText) {
      this.#ops += 'BT\n';
      this.#inText = true;
    }
    if (face !== this.#font || size !== this.#size) {
      this.#ops += `/${this.#fontId(face)} ${num(size)} Tf\n`;
      this.#font = face;
      this.#size = size;
    }
    if (color !== this.#fill) {
      this.#ops += fillOperator(color);
      this.#fill = color;
    }
    // The text matrix flips glyphs upright again in the flipped page space.
    this.#ops += `1 0 0 -1 ${num(x)} ${num(y + (face.ascender / 1000) * size)} Tm\n${show}\n`;
  }

  fillRect(x: number, y: number, width: number, height: number, color: string): void {
    this.#endText();
    if (color !== this.#fill) {
      this.#ops += fillOperator(color);
      this.#fill = color;
    }
    this.#ops += `${num(x)} ${num(y)} ${num(width)} ${num(height)} re f\n`;
  }

  strokeRect(x: number, y: number, width: number, height: number, color: string, lineWidth: number): void {
    this.#strokeStyle(color, lineWidth);
    this.#ops += `${num(x)} ${num(y)} ${num(width)} ${num(height)} re S\n`;
  }

  strokeLine(x1: number, y1: number, x2: number, y2: number, color: string, lineWidth: number): void {
    this.#strokeStyle(color, lineWidth);
    this.#ops += `${num(x1)} ${num(y1)} m ${num(x2)} ${num(y2)} l S\n`;
  }

  /** A form XObject, scaled by `scale` with its origin at (x, y). */
  drawForm(form: PDFKit.PDFKitReference, scale: number, x: number, y: number): void {
    this.#endText();
    const name = `X${form.id}`;
    (this.doc.page.xobjects as Record<string, unknown>)[name] = form;
    this.#ops += `q\n${num(scale)} 0 0 ${num(scale)} ${num(x)} ${num(y)} cm\n/${name} Do\nQ\n`;
  }

  /** Hands the queued operators to pdfkit's current page. */
  flush(): void {
    this.#endText();
    if (this.#ops) this.doc.addContent(Buffer.from(this.#ops, 'latin1'));
    this.#ops = '';
    this.#font = undefined;
    this.#fill = '';
    this.#stroke = '';
    this.#lineWidth = -1;
  }

  #endText(): void {
    if (!this.#inText) return;
    this.#ops += 'ET\n';
    this.#inText = false;
  }

  #strokeStyle(color: string, lineWidth: number): void {
    this.#endText();
    if (lineWidth !== this.#lineWidth) {
      this.#ops += `${num(lineWidth)} w\n`;
      this.#lineWidth = lineWidth;
    }
    if (color !== this.#stroke) {
      this.#ops += strokeOperator(color);
      this.#stroke = color;
    }
  }

  /** The face's resource name, its font dictionary written once per document and listed on the page. */
  #fontId(face: StandardFace): string {
    let entry = this.#fonts.get(face);
    if (!entry) {
      const ref = this.doc.ref({ Type: 'Font', BaseFont: face.name, Subtype: 'Type1', Encoding: 'WinAnsiEncoding' });
      ref.end(undefined); // written at once: nothing changes it later
      entry = { id: `S${this.#fonts.size + 1}`, ref };
      this.#fonts.set(face, entry);
    }
    // Tf is written again after every flush, so this runs on every page that uses the face.
    const fonts = this.doc.page.fonts as Record<string, unknown>;
    fonts[entry.id] ??= entry.ref;
    return entry.id;
  }
}

// Most coordinates recur from one invoice to the next (the same layout), and formatting a
// fraction costs more than finding it again. Bounded like the other per-process caches.
const formatted = new Map<number, string>();

/** A coordinate as pdfkit writes one: at most 6 decimals. */
function num(n: number): string {
  let text = formatted.get(n);
  if (text === undefined) {
    if (formatted.size >= 10_000) formatted.clear();
    text = String(Math.round(n * 1e6) / 1e6);
    formatted.set(n, text);
  }
  return text;
}

const fillOperators = new Map<string, string>();
const strokeOperators = new Map<string, string>();

/** `r g b rg` for a #rrggbb colour. */
const fillOperator = (color: string) => colorOperator(fillOperators, color, 'rg');
/** `r g b RG` for a #rrggbb colour. */
const strokeOperator = (color: string) => colorOperator(strokeOperators, color, 'RG');

function colorOperator(cache: Map<string, string>, color: string, operator: string): string {
  let op = cache.get(color);
  if (!op) {
    const rgb = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(color);
    if (!rgb) throw new Error(`not a #rrggbb colour: ${color}`);
    op = `${rgb
      .slice(1)
      .map((h) => num(parseInt(h, 16) / 255))
      .join(' ')} ${operator}\n`;
    cache.set(color, op);
  }
  return op;
}
