/**
 * Reads back a message this package wrote (for `pnpm fe outbox` and the tests); not a general MIME parser.
 */
export type ReadMail = {
  headers: Map<string, string>;
  subject: string;
  messageId: string;
  text: string;
  attachments: { filename: string; contentType: string; content: Buffer }[];
};

export function readMail(raw: Uint8Array): ReadMail {
  const { headers, body } = splitPart(Buffer.from(raw).toString('latin1'));
  const boundary = /boundary="?([^";]+)"?/i.exec(headers.get('content-type') ?? '')?.[1];
  // The CRLFs around a delimiter belong to it, not to the parts.
  const parts = boundary
    ? body
        .split(`--${boundary}`)
        .slice(1, -1)
        .map((p) => splitPart(p.replace(/^\r\n/, '').replace(/\r\n$/, '')))
    : [{ headers, body }];
  const attachments: ReadMail['attachments'] = [];
  let text = '';
  for (const part of parts) {
    const content = decodeBody(part.body, part.headers.get('content-transfer-encoding'));
    const filename = filenameOf(part.headers.get('content-disposition') ?? '');
    if (filename !== undefined)
      attachments.push({
        filename,
        contentType: (part.headers.get('content-type') ?? '').split(';')[0]!.trim(),
        content,
      });
    else if ((part.headers.get('content-type') ?? 'text/plain').startsWith('text/plain'))
      text = content.toString('utf8');
  }
  return {
    headers,
    subject: decodeWords(headers.get('subject') ?? ''),
    messageId: headers.get('message-id') ?? '',
    text,
    attachments,
  };
}

/** `filename=…` (an encoded word inside is decoded) or RFC 2231's `filename*=charset''percent-encoded`. */
function filenameOf(disposition: string): string | undefined {
  const extended = /filename\*=([^']*)'[^']*'([^;\s]+)/i.exec(disposition);
  if (extended)
    return decodeCharset(
      Buffer.from(
        extended[2]!.replace(/%([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
        'latin1',
      ),
      extended[1]!,
    );
  const plain = /filename="?([^";\r\n]+)"?/i.exec(disposition)?.[1];
  return plain === undefined ? undefined : decodeWords(plain);
}

function splitPart(text: string): { headers: Map<string, string>; body: string } {
  const end = text.indexOf('\r\n\r\n');
  const head = (end < 0 ? text : text.slice(0, end)).replace(/\r\n[ \t]+/g, ' ');
  const headers = new Map<string, string>();
  for (const line of head.split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body: end < 0 ? '' : text.slice(end + 4) };
}

function decodeBody(body: string, encoding: string | undefined): Buffer {
  const e = (encoding ?? '').toLowerCase();
  if (e === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64');
  if (e === 'quoted-printable')
    return Buffer.from(
      body
        .replace(/=\r\n/g, '')
        .replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
      'latin1',
    );
  return Buffer.from(body, 'latin1');
}

/**
 * RFC 2047 encoded words (`=?UTF-8?B?…?=`, `?Q?`, any charset TextDecoder knows); the bytes of adjacent words in one
 * charset are joined before decoding, as a character may span two, and the space between adjacent words is dropped.
 */
export function decodeWords(text: string): string {
  return text.replace(/=\?[^?]+\?[BQbq]\?[^?]*\?=(?:\s*=\?[^?]+\?[BQbq]\?[^?]*\?=)*/g, (run) => {
    let decoded = '';
    let charset = '';
    let bytes: Buffer[] = [];
    const flush = () => {
      if (bytes.length) decoded += decodeCharset(Buffer.concat(bytes), charset);
      bytes = [];
    };
    for (const [, name, encoding, data] of run.matchAll(/=\?([^?*]+)(?:\*[^?]*)?\?([BQbq])\?([^?]*)\?=/g)) {
      if (name!.toLowerCase() !== charset) flush();
      charset = name!.toLowerCase();
      bytes.push(
        encoding!.toUpperCase() === 'B'
          ? Buffer.from(data!, 'base64')
          : Buffer.from(
              data!
                .replace(/_/g, ' ')
                .replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
              'latin1',
            ),
      );
    }
    flush();
    return decoded;
  });
}

/** Bytes in a named charset (utf-8, iso-8859-1, windows-1252…); an unknown name reads as UTF-8. */
export function decodeCharset(bytes: Buffer, charset: string): string {
  try {
    return new TextDecoder(charset).decode(bytes);
  } catch {
    return bytes.toString('utf8');
  }
}
