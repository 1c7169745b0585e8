import { deflateSync } from 'node:zlib';
import type { Canvas } from './canvas.ts';
import type { QrMatrix } from './qr-matrix.ts';

/**
 * DIAN's QR drawn as vector rectangles, not as a PNG: it stays sharp at any zoom or printer
 * resolution, costs a few kilobytes, and needs no image codec.
 *
 * Encoding choices (qr-matrix.ts), for speed on every invoice:
 * - one byte-mode segment: the text is fixed-format ASCII, so an optimal-segmentation search
 *   buys nothing;
 * - error correction M (15 %), the usual level for printed invoices: the ~450-character text
 *   then fits version 16 (81×81 modules), about 37 mm at the size drawn;
 * - a fixed mask pattern. Scoring the 8 masks (ISO 18004's penalty rules) took 2.2 ms of the
 *   2.4 ms an encode cost. The penalty only avoids patterns that are harder to read in poor
 *   print or photos; every decoder reads the mask from the format bits, and a vector QR printed
 *   black on white is read reliably (the int test decodes it from a rasterised page).
 */

/**
 * Draws the symbol in a `side`-point square at (x, y). The coordinate system is scaled to one
 * unit per module, so every rectangle is written in small integers. Each horizontal run of dark
 * modules is one rectangle, and the whole symbol is one path filled once. The caller leaves the
 * 4-module quiet zone around it white.
 *
 * The path (≈27 KB of operators for 81×81, more than the rest of the page) is a Form XObject
 * written here as bytes, from digits prepared once (number-to-string conversions were most of
 * its cost), and deflated at level 1 before pdfkit sees it, so pdfkit does not deflate it again
 * at its level 6: ≈0.1 ms instead of ≈0.45, for ≈1 KB more.
 */
export function drawQr(canvas: Canvas, matrix: QrMatrix, x: number, y: number, side: number): void {
  const { size } = matrix;
  const form = canvas.doc.ref({ Type: 'XObject', Subtype: 'Form', BBox: [0, 0, size, size + 1], Filter: 'FlateDecode' });
  form.end(deflateSync(pathOperators(matrix), { level: 1 }));
  canvas.drawForm(form, side / size, x, y);
}

const ascii = (text: string) => Uint8Array.from(text, (c) => c.charCodeAt(0));
/** "n " for every coordinate a symbol can have (version 40 is 177 modules wide). */
const NUMBERS = Array.from({ length: 178 }, (_, n) => ascii(`${n} `));
const BLACK = ascii('0 0 0 rg\n');
// Reused: allocating ~60 KB per invoice cost as much as writing it.
let scratch = new Uint8Array(0);

/**
 * `x row width 1.02 re` for each run of dark modules, row by row, then one fill. The bytes are
 * in a buffer the next call overwrites: deflate them before drawing another symbol.
 */
function pathOperators({ size, modules }: QrMatrix): Uint8Array {
  // At most one run per two modules, each at most "177 176 177 1.02 re\n" (20 bytes).
  const capacity = BLACK.length + Math.ceil(size / 2) * size * 20 + 1;
  if (scratch.length < capacity) scratch = new Uint8Array(capacity);
  const out = scratch;
  out.set(BLACK);
  let at = BLACK.length;
  for (let row = 0; row < size; row++) {
    const base = row * size;
    const y = NUMBERS[row]!;
    let col = 0;
    while (col < size) {
      if (modules[base + col] === 0) {
        col++;
        continue;
      }
      const start = col++;
      while (col < size && modules[base + col] !== 0) col++;
      const x = NUMBERS[start]!;
      const width = NUMBERS[col - start]!;
      for (let i = 0; i < x.length; i++) out[at++] = x[i]!;
      for (let i = 0; i < y.length; i++) out[at++] = y[i]!;
      for (let i = 0; i < width.length; i++) out[at++] = width[i]!;
      // "1.02 re\n" written out: a loop over a constant made this function a third slower.
      // 1.02 high: rows overlap by a hair, which hides anti-aliasing seams in viewers.
      out[at++] = 0x31; // 1
      out[at++] = 0x2e; // .
      out[at++] = 0x30; // 0
      out[at++] = 0x32; // 2
      out[at++] = 0x20;
      out[at++] = 0x72; // r
      out[at++] = 0x65; // e
      out[at++] = 0x0a;
    }
  }
  out[at++] = 0x66; // f
  return out.subarray(0, at);
}
