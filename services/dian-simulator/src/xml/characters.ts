/**
 * Character-level rules of XML 1.0 for the light parser: which characters may appear at all, which
 * may start or continue a name, and the references a document without a DTD may use.
 */

/** The characters XML 1.0 forbids: C0 controls but TAB, LF and CR, and U+FFFE, U+FFFF. */
const ILLEGAL_CHARS = [...Array(0x20).keys()]
  .filter((c) => c !== 0x9 && c !== 0xa && c !== 0xd)
  .concat(0xfffe, 0xffff)
  .map((c) => String.fromCharCode(c));

/** Whether the text holds a character XML 1.0 forbids: one native indexOf per character beats a class regex. */
export function hasIllegalChar(text: string): boolean {
  for (let i = 0; i < ILLEGAL_CHARS.length; i++) if (text.indexOf(ILLEGAL_CHARS[i]!) >= 0) return true;
  return false;
}

// Name characters by table, one lookup per character: ASCII letters, '_' and ':' start a name,
// digits, '.' and '-' continue one; beyond ASCII, anything but the few non-name characters a tag
// can contain is accepted (non-validating). Past the end of the text charCodeAt gives NaN: not a name character.
const START = 1;
const PART = 2;
const nameTable = new Uint8Array(0x10000);
for (let c = 0; c < 0x10000; c++) {
  if (c < 128) {
    const ch = String.fromCharCode(c);
    if (/[A-Za-z_:]/.test(ch)) nameTable[c] = START | PART;
    else if (/[0-9.-]/.test(ch)) nameTable[c] = PART;
  } else {
    nameTable[c] = (c >= 0xc0 ? START : 0) | (c >= 0xb7 && c <= 0xfffd ? PART : 0);
  }
}
export const isNameStart = (c: number) => ((nameTable[c] ?? 0) & START) !== 0;
export const isNameChar = (c: number) => ((nameTable[c] ?? 0) & PART) !== 0;

const ENTITY = /&(?:(#x[0-9A-Fa-f]+|#[0-9]+|lt|gt|amp|quot|apos);|)/g;
const predefined: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };
const legal = (code: number) =>
  code === 0x9 ||
  code === 0xa ||
  code === 0xd ||
  (code >= 0x20 && code <= 0xd7ff) ||
  (code >= 0xe000 && code <= 0xfffd) ||
  (code >= 0x10000 && code <= 0x10ffff);

/**
 * Text with the five predefined entities and character references decoded; undefined for any other
 * entity (none can be declared: DTDs are refused), a stray '&' or a reference to an illegal character.
 */
export function decode(text: string): string | undefined {
  let bad = false;
  const decoded = text.replace(ENTITY, (_, ref: string | undefined) => {
    if (ref === undefined) return ((bad = true), '');
    const known = predefined[ref];
    if (known !== undefined) return known;
    const code = ref[1] === 'x' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
    if (!legal(code)) return ((bad = true), '');
    return String.fromCodePoint(code);
  });
  return bad ? undefined : decoded;
}
