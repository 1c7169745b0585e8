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
    const filename = /filename="?([^";\r\n]+)"?/i.exec(part.headers.get('content-disposition') ?? '')?.[1];
    if (filename)
      attachments.push({
        filename: decodeWords(filename),
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
 * RFC 2047 encoded words (`=?UTF-8?B?…?=`, `?Q?`); the bytes of adjacent words are joined before decoding, as a
 * character may span two.
 */
export function decodeWords(text: string): string {
  return text.replace(/(=\?[^?]+\?[BQbq]\?[^?]*\?=\s*)+/g, (run) => {
    const bytes = [...run.matchAll(/=\?([^?]+)\?([BQbq])\?([^?]*)\?=/g)].map(([, , encoding, data]) =>
      encoding!.toUpperCase() === 'B'
        ? Buffer.from(data!, 'base64')
        : Buffer.from(
            data!
              .replace(/_/g, ' ')
              .replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
            'latin1',
          ),
    );
    return Buffer.concat(bytes).toString('utf8');
  });
}
