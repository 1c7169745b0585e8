import { randomBytes } from 'node:crypto';
import { domainToASCII } from 'node:url';
import type { MailMessage } from './mail-transport.ts';
import {
  base64Lines,
  encodedWords,
  foldAtSpaces,
  foldWords,
  needsEncoding,
  oddSpaces,
  quotedPrintableLine,
} from './mime-encoding.ts';

/**
 * A message's MIME bytes in one pass, the same for the outbox and SMTP: RFC 5322 headers (RFC 2047 encoded words
 * for anything not plain ASCII), a text part (7bit, else quoted-printable) and base64 attachments in
 * multipart/mixed, CRLF line ends throughout. Header lines stay within 78 characters where the value can fold.
 */
export function composeMail(message: MailMessage, boundary = `=_fe_${randomBytes(12).toString('hex')}`): Buffer {
  const head = [
    addressHeader('From', message.from),
    addressHeader('To', message.to),
    ...(message.replyTo ? [addressHeader('Reply-To', message.replyTo)] : []),
    textHeader('Subject', message.subject),
    `Message-ID: ${cleanLine(message.messageId)}`,
    `Date: ${(message.date ?? new Date()).toUTCString().replace(/GMT$/, '+0000')}`,
    'MIME-Version: 1.0',
  ];
  const text = textBody(message.text, boundary);
  if (message.attachments.length === 0)
    return Buffer.from(`${[...head, ...text.headers].join('\r\n')}\r\n\r\n${text.body}`, 'utf8');
  const lines = [
    ...head,
    `Content-Type: multipart/mixed; boundary="${boundary}"`,
    '',
    `--${boundary}`,
    ...text.headers,
    '',
    text.body,
  ];
  // The headers may hold UTF-8 (an address's local part); the base64, the bulk, is ASCII and copied as latin1.
  const chunks: Buffer[] = [];
  for (const attachment of message.attachments) {
    const type = attachment.contentType.replace(/[^\w.+/-]/g, '');
    lines.push(
      `--${boundary}`,
      `Content-Type: ${type}; name=${quotedParameter(attachment.filename)}`,
      'Content-Transfer-Encoding: base64',
      `Content-Disposition: attachment; ${filenameParameter(attachment.filename)}`,
      '',
      '',
    );
    chunks.push(Buffer.from(lines.join('\r\n'), 'utf8'), Buffer.from(base64Lines(attachment.content), 'latin1'));
    lines.length = 0;
    lines.push('');
  }
  lines.push(`--${boundary}--`, '');
  chunks.push(Buffer.from(lines.join('\r\n'), 'utf8'));
  return Buffer.concat(chunks);
}

/** `Name <address>`, `"Name" <address>` or a bare address, split: the envelope of SMTP needs the address alone. */
export function parseAddress(value: string): { name: string; address: string } {
  const open = value.lastIndexOf('<');
  const close = value.lastIndexOf('>');
  if (open < 0 || close < open || value.slice(close + 1).trim() !== '') return { name: '', address: value.trim() };
  const raw = value.slice(0, open).trim();
  const name = /^".*"$/s.test(raw) ? raw.slice(1, -1).replace(/\\(.)/g, '$1') : raw;
  return { name, address: value.slice(open + 1, close).trim() };
}

function addressHeader(field: string, value: string): string {
  const { name, address } = parseAddress(value);
  const at = address.lastIndexOf('@');
  // A domain in Unicode goes as its punycode; the local part is the receiver's and passes as given.
  const ascii =
    at < 0 ? address : `${address.slice(0, at + 1)}${domainToASCII(address.slice(at + 1)) || address.slice(at + 1)}`;
  const mailbox = `<${cleanLine(ascii)}>`;
  if (!name) return `${field}: ${cleanLine(ascii)}`;
  if (needsEncoding(name) || oddSpaces(name)) return foldWords(`${field}:`, encodedWords(name), mailbox);
  const phrase = /^[\w!#$%&'*+/=?^`{|}~ -]*$/.test(name) ? name : `"${name.replace(/["\\]/g, '\\$&')}"`;
  return `${field}: ${phrase} ${mailbox}`;
}

function textHeader(field: string, value: string): string {
  if (needsEncoding(value) || oddSpaces(value)) return foldWords(`${field}:`, encodedWords(value));
  return foldAtSpaces(`${field}: ${value}`);
}

/** CR and LF can never end up in a header: they would start a header of their own. */
const cleanLine = (value: string): string => value.replace(/[\r\n]+/g, ' ');

/** A parameter value, quoted when it is not a plain token; non-ASCII as an encoded word, as mail clients read it. */
function quotedParameter(value: string): string {
  if (needsEncoding(value)) return `"${encodedWords(value).join(' ')}"`;
  return /^[\w.!#$%&'*+^`{|}~-]+$/.test(value) ? value : `"${value.replace(/["\\]/g, '\\$&')}"`;
}

/** `filename=…`, or RFC 2231's `filename*=utf-8''…` for a name that is not plain ASCII. */
function filenameParameter(value: string): string {
  if (!needsEncoding(value)) return `filename=${quotedParameter(value)}`;
  const percent = encodeURIComponent(value).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `filename*=utf-8''${percent}`;
}

/** The text part: 7bit when it is short-lined ASCII that cannot be taken for the boundary, else quoted-printable. */
function textBody(text: string, boundary: string): { headers: string[]; body: string } {
  const lines = text.split(/\r\n|\r|\n/);
  const plain = lines.every((line) => line.length <= 76 && !/[^\x20-\x7e\t]/.test(line)) && !text.includes(boundary);
  return {
    headers: [
      'Content-Type: text/plain; charset=utf-8',
      `Content-Transfer-Encoding: ${plain ? '7bit' : 'quoted-printable'}`,
    ],
    body: plain ? lines.join('\r\n') : lines.map(quotedPrintableLine).join('\r\n'),
  };
}
