// The encodings of a mail's bytes (RFC 2045, RFC 2047) and the folding of its header lines (RFC 5322), for
// composeMail.

/** Anything but printable ASCII and spaces, or what could read as an encoded word, is sent encoded. */
export const needsEncoding = (value: string): boolean => /[^\x20-\x7e]|=\?/.test(value);

/** Readers trim a value and may fold runs of spaces: such spaces are kept by encoding them. */
export const oddSpaces = (value: string): boolean => /^\s|\s$|\s\s/.test(value);

/**
 * Plain text folded before a space, so unfolding (dropping the CRLF) gives the value back exactly; a stretch without
 * a space stays whole, longer than 78 if it must.
 */
export function foldAtSpaces(header: string): string {
  const lines: string[] = [];
  let rest = header;
  let from = header.indexOf(': ') + 2;
  while (rest.length > 78) {
    let at = rest.lastIndexOf(' ', 78);
    if (at <= from || rest.slice(0, at).trim() === '') at = rest.indexOf(' ', 79);
    if (at < 0) break;
    lines.push(rest.slice(0, at));
    rest = rest.slice(at);
    from = 1;
  }
  lines.push(rest);
  return lines.join('\r\n');
}

/** Encoded words (and the mailbox after them) in lines of at most 78 characters, folding between words. */
export function foldWords(start: string, pieces: readonly string[], last?: string): string {
  const lines: string[] = [];
  let line = start;
  for (const piece of last ? [...pieces, last] : pieces) {
    if (line !== start && line.length + 1 + piece.length > 78) {
      lines.push(line);
      line = ` ${piece}`;
    } else line += ` ${piece}`;
  }
  lines.push(line);
  return lines.join('\r\n');
}

/**
 * RFC 2047 Q-encoded words of UTF-8, each ending on a whole character, since a reader may decode each word alone;
 * 66 characters at most, so that one fits on a header's first line after its name. Letters, digits and `!*+-/`
 * pass as they are, a space is `_`, the rest `=XX`.
 */
export function encodedWords(value: string): string[] {
  const words: string[] = [];
  let word = '';
  const limit = 66 - '=?UTF-8?Q??='.length;
  for (const char of value) {
    let encoded: string;
    if (/[A-Za-z0-9!*+\-/]/.test(char)) encoded = char;
    else if (char === ' ') encoded = '_';
    else {
      encoded = '';
      for (const byte of Buffer.from(char, 'utf8')) encoded += `=${byte.toString(16).toUpperCase().padStart(2, '0')}`;
    }
    if (word.length + encoded.length > limit) {
      words.push(`=?UTF-8?Q?${word}?=`);
      word = '';
    }
    word += encoded;
  }
  if (word || words.length === 0) words.push(`=?UTF-8?Q?${word}?=`);
  return words;
}

/** Each byte as quoted-printable writes it: printable ASCII but `=` as itself, the rest `=XX`. */
const QP_BYTES = Array.from({ length: 256 }, (_, byte) =>
  (byte >= 33 && byte <= 126 && byte !== 61) || byte === 32 || byte === 9
    ? String.fromCharCode(byte)
    : `=${byte.toString(16).toUpperCase().padStart(2, '0')}`,
);

/**
 * One line of text in quoted-printable (RFC 2045 §6.7): soft breaks keep each line within 76 characters, never
 * inside an `=XX`; a space or tab ending the line is encoded, as transports may strip it.
 */
export function quotedPrintableLine(line: string): string {
  const bytes = Buffer.from(line, 'utf8');
  let out = '';
  let current = '';
  for (let i = 0; i < bytes.length; i++) {
    const byte = bytes[i]!;
    const last = i === bytes.length - 1;
    const encoded = last && (byte === 32 || byte === 9) ? (byte === 32 ? '=20' : '=09') : QP_BYTES[byte]!;
    // The last piece of a line needs no room for the soft break's `=`.
    if (current.length + encoded.length > (last ? 76 : 75)) {
      out += `${current}=\r\n`;
      current = '';
    }
    current += encoded;
  }
  return out + current;
}

/** Base64 in lines of 76 characters (RFC 2045 §6.8). */
export function base64Lines(content: Uint8Array): string {
  const base64 = Buffer.from(content.buffer, content.byteOffset, content.byteLength).toString('base64');
  const lines: string[] = [];
  for (let i = 0; i < base64.length; i += 76) lines.push(base64.slice(i, i + 76));
  return lines.join('\r\n');
}
