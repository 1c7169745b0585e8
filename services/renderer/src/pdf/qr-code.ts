import { deflateSync } from 'node:zlib';
import type { Canvas } from './canvas.ts';
import type { QrMatrix } from './qr-matrix.ts';

/**
 * DIAN's QR as vector rectangles: sharp at any zoom, no image codec. A fixed mask skips the costly mask scoring;
 * decoders read the mask from the format bits, and the int test decodes it from a rasterised page.
 */

/**
 * Draws the symbol in a `side`-point square at (x, y), one rectangle per dark run, one path, as a Form XObject
 * deflated here so pdfkit does not deflate it again. The caller leaves the quiet zone white.
 */
export function drawQr(canvas: Canvas, matrix: QrMatrix, x: number, y: number, side: number): void {
  const { size } = matrix;
  const form = canvas.doc.ref({
    Type: 'XObject',
    Subtype: 'Form',
    BBox: [0, 0, size, size + 1],
    Filter: 'FlateDecode',
  });
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
