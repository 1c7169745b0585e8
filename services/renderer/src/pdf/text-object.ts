import { showText, type StandardFace } from './standard-font.ts';

type Doc = PDFKit.PDFDocument;

/**
 * A PDF text object (`BT … ET`) of standard-font strings, written into the page's content stream
 * with pdfkit's public `addContent`. pdfkit's `text()` wrapped every string in
 * `q`, a flip `cm`, `BT`, `Tm`, `Tf`, hex `TJ`, `ET`, `Q`, with a fill colour outside: ≈20 µs a
 * table cell and twice the bytes to deflate. Here a table row is one text object: font and colour
 * are set when they change, each string is placed with a `Tm` that flips the text upright in
 * pdfkit's y-down page space, and shown as a literal WinAnsi string with pdfkit's kerning.
 *
 * The fill colour set here stays set after `ET`, as pdfkit's `fillColor` did; every pdfkit fill
 * names its colour, so nothing relies on it.
 */
export class TextObject {
  #ops = '';
  #font = '';
  #size = 0;
  #color = '';

  /** Queues `bytes` (WinAnsi) with its top-left corner at (x, y), like pdfkit's `text(s, x, y)`. */
  show(doc: Doc, face: StandardFace, size: number, color: string, x: number, y: number, bytes: string): void {
    if (!bytes) return;
    const id = fontResource(doc, face);
    if (id !== this.#font || size !== this.#size) {
      this.#ops += `/${id} ${num(size)} Tf\n`;
      this.#font = id;
      this.#size = size;
    }
    if (color !== this.#color) {
      this.#ops += fillOperator(color);
      this.#color = color;
    }
    this.#ops += `1 0 0 -1 ${num(x)} ${num(y + (face.ascender / 1000) * size)} Tm\n${showText(face, bytes)}\n`;
  }

  /** Writes what was queued to the current page (call before drawing anything that overlaps). */
  flush(doc: Doc): void {
    if (!this.#ops) return;
    // As bytes: pdfkit would copy a string into bytes one char at a time (the text is WinAnsi).
    doc.addContent(Buffer.from(`BT\n${this.#ops}ET\n`, 'latin1'));
    this.#ops = '';
    this.#font = '';
    this.#color = '';
  }
}

const num = (n: number) => String(Math.round(n * 1e6) / 1e6);

type FontRef = { id: string; ref: PDFKit.PDFKitReference };
const fontRefs = new WeakMap<Doc, Map<StandardFace, FontRef>>();

/** The face's font dictionary (one per document, written at once) in the current page's resources. */
function fontResource(doc: Doc, face: StandardFace): string {
  let refs = fontRefs.get(doc);
  if (!refs) fontRefs.set(doc, (refs = new Map()));
  let entry = refs.get(face);
  if (!entry) {
    const ref = doc.ref({ Type: 'Font', BaseFont: face.name, Subtype: 'Type1', Encoding: 'WinAnsiEncoding' });
    ref.end(undefined); // written at once: nothing changes it later
    entry = { id: `S${refs.size + 1}`, ref };
    refs.set(face, entry);
  }
  const fonts = doc.page.fonts as Record<string, unknown>;
  if (!fonts[entry.id]) fonts[entry.id] = entry.ref;
  return entry.id;
}

const fillOperators = new Map<string, string>();

/** `r g b rg` for a #rrggbb colour. */
function fillOperator(color: string): string {
  let op = fillOperators.get(color);
  if (!op) {
    const rgb = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(color);
    if (!rgb) throw new Error(`not a #rrggbb colour: ${color}`);
    op = `${rgb.slice(1).map((h) => num(parseInt(h, 16) / 255)).join(' ')} rg\n`;
    fillOperators.set(color, op);
  }
  return op;
}
