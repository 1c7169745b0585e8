import { MailError } from './errors.ts';
import { DEFAULT_MAX_MESSAGE_BYTES } from './imap-settings.ts';
import { decodeCharset, decodeWords } from './read-mail.ts';

/**
 * The attachments of a received mail that an invoice import reads: the zip (AttachedDocument XML and PDF) a supplier
 * sends, or a bare XML. A small MIME walker, pure and bounded: nested multiparts, forwarded messages
 * (message/rfc822), base64 and quoted-printable, CRLF or LF, file names in RFC 2231 (`filename*=`, continuations) or
 * RFC 2047 (`=?UTF-8?B?…?=`) or raw 8-bit. Not a general mail parser: text bodies are left out.
 *
 *   const { attachments } = extractAttachments(await reader.fetchRaw(uid));
 *   const zip = attachments.find((a) => a.kind === 'zip');
 */
export type InvoiceAttachment = {
  /** The file name as the sender gave it, without any folder part; '' when the part has none. */
  filename: string;
  /** The part's Content-Type, lower case, without parameters. */
  contentType: string;
  /** Told by the content first: a zip starts `PK`; an XML part (name or type says so) starts with `<`. */
  kind: 'zip' | 'xml';
  content: Buffer;
};

/** Another file part (a loose PDF, an image): named so the import can say what it left. */
export type OtherAttachment = { filename: string; contentType: string; bytes: number };

export type AttachmentLimits = {
  /** Default 10 MiB (the mailbox reader's default limit). */
  maxMessageBytes: number;
  /** MIME parts of any kind, containers included; default 200. */
  maxParts: number;
  /** Nesting of multiparts and forwarded messages; default 8. */
  maxDepth: number;
};

export const defaultAttachmentLimits: AttachmentLimits = {
  maxMessageBytes: DEFAULT_MAX_MESSAGE_BYTES,
  maxParts: 200,
  maxDepth: 8,
};

/**
 * The zip and XML attachments of a raw message (RFC 822 bytes), in the order they appear, and the other file parts.
 * Throws MailError MAIL_MESSAGE_TOO_LARGE or MAIL_MESSAGE_TOO_COMPLEX past the limits; malformed MIME is read as far
 * as it goes (a missing closing boundary ends at the end of the message), as mail clients do.
 */
export function extractAttachments(
  raw: Uint8Array,
  limits: Partial<AttachmentLimits> = {},
): { attachments: InvoiceAttachment[]; others: OtherAttachment[] } {
  const bounds = { ...defaultAttachmentLimits, ...limits };
  if (raw.length > bounds.maxMessageBytes)
    throw new MailError('MAIL_MESSAGE_TOO_LARGE', `${raw.length} bytes, limit ${bounds.maxMessageBytes}`);
  const walk: Walk = { bounds, parts: 0, attachments: [], others: [] };
  // latin1 keeps one character per byte, so slicing the text slices the bytes.
  visit(Buffer.from(raw.buffer, raw.byteOffset, raw.length).toString('latin1'), 0, walk);
  return { attachments: walk.attachments, others: walk.others };
}

type Walk = {
  bounds: AttachmentLimits;
  parts: number;
  attachments: InvoiceAttachment[];
  others: OtherAttachment[];
};

function visit(entity: string, depth: number, walk: Walk): void {
  walk.parts += 1;
  if (walk.parts > walk.bounds.maxParts)
    throw new MailError('MAIL_MESSAGE_TOO_COMPLEX', `more than ${walk.bounds.maxParts} parts`);
  if (depth > walk.bounds.maxDepth)
    throw new MailError('MAIL_MESSAGE_TOO_COMPLEX', `nested deeper than ${walk.bounds.maxDepth}`);

  const { headers, body } = splitEntity(entity);
  const type = parseHeaderValue(headers.get('content-type') ?? 'text/plain');
  const disposition = parseHeaderValue(headers.get('content-disposition') ?? '');
  const encoding = (headers.get('content-transfer-encoding') ?? '').trim().toLowerCase();
  const boundary = type.params.get('boundary');

  if (type.value.startsWith('multipart/') && boundary) {
    for (const part of splitMultipart(body, boundary)) visit(part, depth + 1, walk);
    return;
  }
  const rawName = disposition.params.get('filename') ?? type.params.get('name');
  const filename = rawName === undefined ? '' : baseName(rawName);
  if (type.value === 'message/rfc822') {
    // A forwarded mail, inline or as an attachment: its own attachments are what was sent.
    visit(decodeBody(body, encoding).toString('latin1'), depth + 1, walk);
    return;
  }
  const isXmlType = /^(application|text)\/([\w.+-]+\+)?xml$/.test(type.value);
  const isFile = rawName !== undefined || disposition.value === 'attachment' || isXmlType || ZIP_TYPES.has(type.value);
  if (!isFile) return; // a text or HTML body
  const content = decodeBody(body, encoding);
  const kind = kindOf(content, filename, isXmlType);
  if (kind) walk.attachments.push({ filename, contentType: type.value, kind, content });
  else walk.others.push({ filename, contentType: type.value, bytes: content.length });
}

const ZIP_TYPES = new Set(['application/zip', 'application/x-zip-compressed', 'application/x-zip']);

function kindOf(content: Buffer, filename: string, isXmlType: boolean): 'zip' | 'xml' | undefined {
  if (content.length >= 4 && content[0] === 0x50 && content[1] === 0x4b && [3, 5].includes(content[2]!)) return 'zip';
  const xmlNamed = /\.xml$/i.test(filename) || isXmlType;
  const start = content
    .subarray(0, 64)
    .toString('latin1')
    .replace(/^(\xef\xbb\xbf|\s)+/, '');
  return xmlNamed && start.startsWith('<') ? 'xml' : undefined;
}

/** Headers (unfolded, names lower case, the first of each name) and the body after the first empty line. */
function splitEntity(entity: string): { headers: Map<string, string>; body: string } {
  const end = /^\r?\n|\r?\n\r?\n/.exec(entity); // a part may have no header at all
  const head = entity.slice(0, end ? end.index : entity.length).replace(/\r?\n[ \t]+/g, ' ');
  const headers = new Map<string, string>();
  for (const line of head.split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    if (!headers.has(name)) headers.set(name, line.slice(colon + 1).trim());
  }
  return { headers, body: end ? entity.slice(end.index + end[0].length) : '' };
}

/** The parts between `--boundary` lines, up to `--boundary--` or the end; the preamble is dropped. */
function splitMultipart(body: string, boundary: string): string[] {
  const escaped = boundary.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const delimiter = new RegExp(`(?:^|\\r?\\n)--${escaped}(--)?[ \\t]*(?=\\r?\\n|$)`, 'g');
  const parts: string[] = [];
  let start = -1;
  for (const match of body.matchAll(delimiter)) {
    if (start >= 0) parts.push(body.slice(start, match.index));
    if (match[1]) return parts;
    start = match.index + match[0].length;
    start += body.startsWith('\r\n', start) ? 2 : body.startsWith('\n', start) ? 1 : 0;
  }
  if (start >= 0) parts.push(body.slice(start));
  return parts;
}

/**
 * `type/subtype; a=b; name="c"` → the value (lower case) and its parameters, names lower case, values decoded:
 * RFC 2231 (`name*=charset''%XX`, continuations `name*0*=`), then RFC 2047 words, raw 8-bit text as UTF-8 (else
 * Windows-1252).
 */
function parseHeaderValue(header: string): { value: string; params: Map<string, string> } {
  const [value = '', ...rest] = splitParams(header);
  const simple = new Map<string, string>();
  const extended = new Map<string, { index: number; encoded: boolean; text: string }[]>();
  for (const item of rest) {
    const eq = item.indexOf('=');
    if (eq <= 0) continue;
    const key = item.slice(0, eq).trim().toLowerCase();
    const text = unquote(item.slice(eq + 1).trim());
    const star = /^([^*]+)\*(?:(\d+)\*?|)$/.exec(key);
    const encoded = key.endsWith('*');
    if (star) {
      const list = extended.get(star[1]!) ?? [];
      list.push({ index: Number(star[2] ?? 0), encoded, text });
      extended.set(star[1]!, list);
    } else if (!simple.has(key)) simple.set(key, text);
  }
  const params = new Map<string, string>();
  for (const [key, text] of simple) params.set(key, decodeWords(eightBit(text)));
  for (const [key, list] of extended) params.set(key, joinExtended(list.sort((a, b) => a.index - b.index)));
  return { value: value.trim().toLowerCase(), params };
}

/** Splits on `;` outside quotes. */
function splitParams(header: string): string[] {
  const items: string[] = [];
  let current = '';
  let quoted = false;
  for (let i = 0; i < header.length; i++) {
    const c = header[i]!;
    if (c === '\\' && quoted) {
      current += c + (header[i + 1] ?? '');
      i++;
    } else if (c === '"') {
      quoted = !quoted;
      current += c;
    } else if (c === ';' && !quoted) {
      items.push(current);
      current = '';
    } else current += c;
  }
  items.push(current);
  return items;
}

/** Only `\"` and `\\` are unescaped: Windows clients write paths with bare backslashes. */
const unquote = (text: string): string =>
  text.startsWith('"') && text.endsWith('"') && text.length >= 2 ? text.slice(1, -1).replace(/\\(["\\])/g, '$1') : text;

/** RFC 2231: the first encoded segment names the charset (`utf-8'es'…`); encoded segments are %XX escaped. */
function joinExtended(list: { encoded: boolean; text: string }[]): string {
  let charset = 'us-ascii';
  const bytes: Buffer[] = [];
  list.forEach((segment, i) => {
    let text = segment.text;
    if (i === 0 && segment.encoded) {
      const match = /^([^']*)'[^']*'(.*)$/s.exec(text);
      if (match) {
        charset = match[1] || charset;
        text = match[2]!;
      }
    }
    bytes.push(
      segment.encoded
        ? Buffer.from(
            text.replace(/%([0-9a-f]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
            'latin1',
          )
        : Buffer.from(text, 'latin1'),
    );
  });
  const joined = Buffer.concat(bytes);
  return charset.toLowerCase() === 'us-ascii' ? eightBit(joined.toString('latin1')) : decodeCharset(joined, charset);
}

/** Header text read byte per character: raw UTF-8 (RFC 6532) decoded as such, anything else as Windows-1252. */
function eightBit(text: string): string {
  if (!/[\x80-\xff]/.test(text)) return text;
  const bytes = Buffer.from(text, 'latin1');
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}

function decodeBody(body: string, encoding: string): Buffer {
  if (encoding === 'base64') return Buffer.from(body.replace(/[^A-Za-z0-9+/=]/g, ''), 'base64');
  if (encoding === 'quoted-printable')
    return Buffer.from(
      body
        .replace(/[ \t]+(?=\r?\n)/g, '')
        .replace(/=\r?\n/g, '')
        .replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
      'latin1',
    );
  return Buffer.from(body, 'latin1');
}

/** `C:\fakepath\factura.zip`, `../../x.zip` → the last segment, control characters removed. */
function baseName(name: string): string {
  // eslint-disable-next-line no-control-regex
  return (name.split(/[\\/]/).pop() ?? '').replace(/[\x00-\x1f\x7f]/g, '').trim();
}
