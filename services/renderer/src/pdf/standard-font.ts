import { createRequire } from 'node:module';

/**
 * Helvetica metrics from pdfkit's own AFM data, built once per process into flat tables, so text measures
 * exactly as pdfkit would without its per-document table building and name-keyed kerning lookups.
 */
export type StandardFace = {
  /** The PDF BaseFont name. */
  name: string;
  ascender: number;
  descender: number;
  /** Advance width of each WinAnsi code, in 1/1000 em. */
  widths: Uint16Array;
  /** Kerning of each pair of WinAnsi codes (left × 256 + right), in 1/1000 em. */
  kerning: Int16Array;
};

type AfmData = {
  name: string;
  ascender: number;
  descender: number;
  glyphNames: string;
  glyphWidths: number[];
  kernPairs: (number | number[])[];
};

// The Unicode characters WinAnsi (cp1252) puts in 0x80–0x9F; everything else it has is Latin-1.
const CP1252_HIGH: Record<number, number> = {
  0x20ac: 0x80,
  0x201a: 0x82,
  0x0192: 0x83,
  0x201e: 0x84,
  0x2026: 0x85,
  0x2020: 0x86,
  0x2021: 0x87,
  0x02c6: 0x88,
  0x2030: 0x89,
  0x0160: 0x8a,
  0x2039: 0x8b,
  0x0152: 0x8c,
  0x017d: 0x8e,
  0x2018: 0x91,
  0x2019: 0x92,
  0x201c: 0x93,
  0x201d: 0x94,
  0x2022: 0x95,
  0x2013: 0x96,
  0x2014: 0x97,
  0x02dc: 0x98,
  0x2122: 0x99,
  0x0161: 0x9a,
  0x203a: 0x9b,
  0x0153: 0x9c,
  0x017e: 0x9e,
  0x0178: 0x9f,
};

const hex4 = (code: number) => `\\u${code.toString(16).padStart(4, '0')}`;
/** Printable WinAnsi: ASCII, Latin-1 and the 0x80–0x9F punctuation. */
export const WIN_ANSI = new RegExp(
  `^[\\x20-\\x7E\\u00A0-\\u00FF${Object.keys(CP1252_HIGH)
    .map((c) => hex4(Number(c)))
    .join('')}]*$`,
);
const NEEDS_MAPPING = /[^\x20-\x7E\u00A0-\u00FF]/;

/**
 * The text as a binary string of WinAnsi bytes (one char per byte, what a content stream holds).
 * Only for text that passed `WIN_ANSI`; anything else would show as "?".
 */
export function winAnsi(text: string): string {
  if (!NEEDS_MAPPING.test(text)) return text;
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    out += String.fromCharCode(code < 0x80 || (code >= 0xa0 && code <= 0xff) ? code : (CP1252_HIGH[code] ?? 0x3f));
  }
  return out;
}

// pdfkit's glyph list is WinAnsi 0x20–0xFF in code order, without the codes that have no glyph
// and without the repeats (0xA0 space, 0xAD hyphen, 0xFF ydieresis, which pdfkit also uses for
// 0x9F): rebuild which code draws which glyph from that order.
const NO_GLYPH = new Set([0x7f, 0x81, 0x8d, 0x8f, 0x90, 0x9d]);
const REPEATS: Record<number, string> = { 0xa0: 'space', 0xad: 'hyphen', 0xff: 'ydieresis' };

function build(data: AfmData): StandardFace {
  const names = data.glyphNames.split(' ');
  const index = new Map(names.map((name, i) => [name, i]));
  const codesOf: number[][] = names.map(() => []);
  let next = 0;
  for (let code = 0x20; code <= 0xff; code++) {
    if (NO_GLYPH.has(code)) continue;
    const repeat = REPEATS[code];
    const glyph = repeat !== undefined ? index.get(repeat)! : next++;
    codesOf[glyph]!.push(code);
  }
  if (
    next !== names.length ||
    names[index.get('ntilde')!] !== 'ntilde' ||
    !codesOf[index.get('ntilde')!]!.includes(0xf1)
  ) {
    throw new Error(`unexpected glyph order in pdfkit's ${data.name} metrics`);
  }
  const widths = new Uint16Array(256);
  codesOf.forEach((codes, glyph) => codes.forEach((code) => (widths[code] = data.glyphWidths[glyph]!)));
  const kerning = new Int16Array(256 * 256);
  for (let i = 0; i < data.kernPairs.length; i += 2) {
    const amount = data.kernPairs[i] as number;
    let pair = 0;
    for (const delta of data.kernPairs[i + 1] as number[]) {
      pair += delta;
      for (const l of codesOf[Math.floor(pair / names.length)]!)
        for (const r of codesOf[pair % names.length]!) kerning[(l << 8) | r] = amount;
    }
  }
  return { name: data.name, ascender: data.ascender, descender: data.descender, widths, kerning };
}

const load = (module: string) => build(createRequire(import.meta.url)(`pdfkit/standard-fonts/${module}`) as AfmData);
/** Built on import, once per process. */
export const standardFaces = { regular: load('Helvetica'), bold: load('HelveticaBold') } as const;

/** Width of WinAnsi bytes in 1/1000 em: advances plus kerning with the next character. */
export function widthOfBytes(face: StandardFace, bytes: string): number {
  const last = bytes.length - 1;
  if (last < 0) return 0;
  const { widths, kerning } = face;
  let width = 0;
  let left = bytes.charCodeAt(0);
  for (let i = 0; i < last; i++) {
    const right = bytes.charCodeAt(i + 1);
    width += widths[left]! + kerning[(left << 8) | right]!;
    left = right;
  }
  return width + widths[left]!;
}

const OPEN = 0x28;
const CLOSE = 0x29;
const BACKSLASH = 0x5c;

// Most strings repeat across invoices, so their operators are remembered per face; bounded, since amounts and
// CUFEs are unique. Keys are copied: a slice of an invoice's XML would keep the whole text alive.
const MAX_CACHED = 10_000;
const shown = new Map<StandardFace, Map<string, string>>();

/** A flat string that shares no memory with its argument (WinAnsi bytes: one char each, ≤ 0xFF). */
const ownCopy = (bytes: string): string => Buffer.from(bytes, 'latin1').toString('latin1');

/**
 * The show-text operation for WinAnsi bytes: `(…) Tj`, or `[(…) 70 (…)] TJ` where a pair is
 * kerned — the same glyph positions pdfkit's `text()` wrote.
 */
export function showText(face: StandardFace, bytes: string): string {
  let cache = shown.get(face);
  if (!cache) shown.set(face, (cache = new Map()));
  let show = cache.get(bytes);
  if (show === undefined) {
    if (cache.size >= MAX_CACHED) cache.clear();
    show = ownCopy(kernedShow(face, bytes));
    cache.set(ownCopy(bytes), show);
  }
  return show;
}

/** showText in one pass, escaping parentheses and backslashes as they are met rather than by a regex per piece. */
function kernedShow(face: StandardFace, bytes: string): string {
  const { kerning } = face;
  const length = bytes.length;
  let pieces = ''; // the kerned pieces before the current one, with their adjustments
  let piece = ''; // the current piece up to `start`, escaped
  let start = 0;
  for (let i = 0; i < length; i++) {
    const code = bytes.charCodeAt(i);
    if (code === OPEN || code === CLOSE || code === BACKSLASH) {
      piece += `${bytes.slice(start, i)}\\`;
      start = i;
    }
    const kern = i + 1 < length ? kerning[(code << 8) | bytes.charCodeAt(i + 1)]! : 0;
    if (kern) {
      pieces += `(${piece}${bytes.slice(start, i + 1)}) ${-kern} `;
      piece = '';
      start = i + 1;
    }
  }
  piece += bytes.slice(start);
  return pieces ? `[${pieces}(${piece})] TJ` : `(${piece}) Tj`;
}
