// A PDF read back by independent programs: poppler's pdftotext and pdftoppm (Debian poppler-utils,
// scripts/install-system-tools.sh) and the jsQR decoder.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import jsqrModule from 'jsqr';
import { PNG } from 'pngjs';

// jsqr is CommonJS typed as an ES module: at run time its default import is the decoder itself.
const jsQR = jsqrModule as unknown as typeof jsqrModule.default;

/** The text of the file (one page, or all), laid out as on the page. */
export const pdfText = (file: string, page?: number): string =>
  execFileSync(
    'pdftotext',
    [...(page ? ['-f', String(page), '-l', String(page)] : []), '-layout', '-enc', 'UTF-8', file, '-'],
    { encoding: 'utf8' },
  );

/** The text of the QR on page 1, rasterised at 200 dpi into `dir` and decoded. */
export function decodeQr(file: string, dir: string): string | undefined {
  execFileSync('pdftoppm', ['-png', '-r', '200', '-f', '1', '-l', '1', '-singlefile', file, join(dir, 'page')]);
  const png = PNG.sync.read(readFileSync(join(dir, 'page.png')));
  return jsQR(new Uint8ClampedArray(png.data.buffer, png.data.byteOffset, png.data.length), png.width, png.height)
    ?.data;
}
