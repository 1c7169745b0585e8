import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { create, type Font } from 'fontkit';
import { withSharedLayoutCache } from './shaping-cache.ts';
import { WIN_ANSI } from './standard-font.ts';

/**
 * Helvetica (a standard font, not embedded, so cheap) for WinAnsi text; DejaVu Sans Condensed, embedded as a
 * subset, only for strings outside WinAnsi. Characters neither has become U+FFFD, so no input breaks a render.
 */
export type FontFace = 'regular' | 'bold';

export const STANDARD: Record<FontFace, string> = { regular: 'Helvetica', bold: 'Helvetica-Bold' };
export const FALLBACK: Record<FontFace, string> = { regular: 'fallback', bold: 'fallback-bold' };
const FILES: Record<FontFace, string> = { regular: 'DejaVuSansCondensed.ttf', bold: 'DejaVuSansCondensed-Bold.ttf' };

let loaded: Record<FontFace, Font> | undefined;

/** The parsed DejaVu faces, loaded on first use. */
export function fallbackFonts(): Record<FontFace, Font> {
  if (!loaded) {
    const dir = createRequire(import.meta.url)
      .resolve('dejavu-fonts-ttf/package.json')
      .replace(/package\.json$/, 'ttf/');
    const load = (file: string) => {
      const font = create(readFileSync(dir + file));
      if (!('layout' in font)) throw new Error(`${file} is a font collection, not a single font`);
      return withSharedLayoutCache(font);
    };
    loaded = { regular: load(FILES.regular), bold: load(FILES.bold) };
  }
  return loaded;
}

// Line and paragraph breaks, tabs and other C0/C1 controls: a line of text has none. Notes keep
// their \n (pdfkit wraps them). Matching control characters is the point here.
// eslint-disable-next-line no-control-regex
const CONTROLS = /[\u0000-\u001F\u007F-\u009F\u2028\u2029]+/g;
// eslint-disable-next-line no-control-regex
const CONTROLS_BUT_NEWLINE = /[\u0000-\u0009\u000B-\u001F\u007F-\u009F\u2028\u2029]+/g;
const REPLACEMENT = '\uFFFD';

export type Drawable = { font: string; text: string };

/**
 * The font for `text` and the text it can draw: NFC, controls as spaces, glyph-less runs as one U+FFFD.
 * `keepBreaks` leaves \n for texts pdfkit wraps.
 */
export function drawable(text: string, face: FontFace = 'regular', keepBreaks = false): Drawable {
  if (WIN_ANSI.test(text)) return { font: STANDARD[face], text };
  const clean = text.normalize('NFC').replace(keepBreaks ? CONTROLS_BUT_NEWLINE : CONTROLS, ' ');
  if (WIN_ANSI.test(clean.replaceAll('\n', ' '))) return { font: STANDARD[face], text: clean };
  const font = fallbackFonts()[face];
  let out = '';
  let missing = false;
  for (const char of clean) {
    if (char === '\n' || font.hasGlyphForCodePoint(char.codePointAt(0)!)) {
      out += char;
      missing = false;
    } else if (!missing) {
      out += REPLACEMENT;
      missing = true;
    }
  }
  return { font: FALLBACK[face], text: out };
}
