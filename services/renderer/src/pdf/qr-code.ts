import { deflateSync } from 'node:zlib';
import QRCode from 'qrcode';

/**
 * DIAN's QR drawn as vector rectangles, not as a PNG: it stays sharp at any zoom or printer
 * resolution, costs a few hundred bytes, and needs no image codec.
 *
 * Encoding choices, for speed on every invoice:
 * - one byte-mode segment: the text is fixed-format ASCII, so qrcode's optimal-segmentation
 *   search (a Dijkstra over modes, a quarter of its time) buys nothing;
 * - error correction M (15 %), the usual level for printed invoices: the ~390-character text
 *   then fits version 16 (81×81 modules), about 37 mm at the size drawn;
 * - a fixed mask pattern. Scoring the 8 masks (ISO 18004's penalty rules) took 2.2 ms of the
 *   2.4 ms an encode costs, half the render budget. The penalty only avoids patterns that are
 *   harder to read in poor print or photos; every decoder reads the mask from the format bits,
 *   and a vector QR printed black on white is read reliably (the int test decodes it from a
 *   rasterised page).
 */
const MASK_PATTERN = 2; // vertical stripes every third column: no long runs along rows
/** `size`×`size` modules, row-major, 1 = dark. */
export type QrMatrix = { size: number; modules: Uint8Array };

export function qrMatrix(text: string): QrMatrix {
  const data = Buffer.from(text, 'utf8');
  const { modules } = QRCode.create([{ data, mode: 'byte' }], { errorCorrectionLevel: 'M', maskPattern: MASK_PATTERN });
  return { size: modules.size, modules: modules.data };
}

/**
 * Draws the symbol in a `side`-point square at (x, y). The coordinate system is scaled to one
 * unit per module, so every rectangle is written in small integers. Each horizontal run of dark
 * modules is one rectangle, and the whole symbol is one path filled once: 1 500 pdfkit `rect`
 * calls cost 1.3 ms, this about 0.1. The caller leaves the 4-module quiet zone around it white.
 *
 * The path (≈26 KB of operators, more than half of a page's content) is a Form XObject that is
 * deflated here at level 1 and handed to pdfkit already filtered, so pdfkit does not deflate it
 * again at its default level 6: 0.14 ms instead of 0.45, for ≈1 KB more.
 */
export function drawQr(doc: PDFKit.PDFDocument, matrix: QrMatrix, x: number, y: number, side: number): void {
  const { size, modules } = matrix;
  const cell = side / size;
  let ops = '0 0 0 rg\n';
  for (let row = 0; row < size; row++) {
    const base = row * size;
    let col = 0;
    while (col < size) {
      if (!modules[base + col]) {
        col++;
        continue;
      }
      const start = col;
      while (col < size && modules[base + col]) col++;
      // 1.02 high: rows overlap by a hair, which hides anti-aliasing seams in viewers.
      ops += `${start} ${row} ${col - start} 1.02 re\n`;
    }
  }
  ops += 'f';
  const form = doc.ref({ Type: 'XObject', Subtype: 'Form', BBox: [0, 0, size, size + 1], Filter: 'FlateDecode' });
  form.end(deflateSync(Buffer.from(ops, 'latin1'), { level: 1 }));
  const name = `QR${form.id}`;
  (doc.page.xobjects as Record<string, unknown>)[name] = form;
  doc.save();
  doc.transform(cell, 0, 0, cell, x, y);
  doc.addContent(`/${name} Do`);
  doc.restore();
}
