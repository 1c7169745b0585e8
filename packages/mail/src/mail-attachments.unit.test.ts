import { strToU8, unzipSync, zipSync } from 'fflate';
import MailComposer from 'nodemailer/lib/mail-composer';
import { describe, expect, it } from 'vitest';
import { isMailError } from './errors.ts';
import { extractAttachments } from './mail-attachments.ts';
import { decodeWords } from './read-mail.ts';

const XML = '<?xml version="1.0" encoding="UTF-8"?><AttachedDocument>Ñandú</AttachedDocument>';
const zip = Buffer.from(
  zipSync({ 'ad09003730760002600000001.xml': strToU8(XML), 'ad09003730760002600000001.pdf': strToU8('%PDF-1.7') }),
);

const codeOf = (run: () => unknown): string => {
  try {
    run();
    return 'none';
  } catch (error) {
    return isMailError(error) ? error.code : String(error);
  }
};

/** A message as a mail client writes it: header lines, an empty line, the body; LF or CRLF. */
const message = (lines: string[], eol = '\r\n') => Buffer.from(lines.join(eol), 'latin1');

describe('extractAttachments', () => {
  it('finds the zip and the XML of a mail nodemailer composed (text and HTML bodies, a loose PDF beside them)', async () => {
    const raw = await new MailComposer({
      from: 'Proveedor <facturas@proveedor.example>',
      to: 'recepcion@empresa.example',
      subject: '900373076;Proveedor Ñandú;SETP990000001;01;Ñandú',
      text: 'Adjunto la factura',
      html: '<p>Adjunto la factura</p>',
      attachments: [
        { filename: 'z0900373076000260000001.zip', content: zip, contentType: 'application/zip' },
        { filename: 'Factura Ñandú №1.xml', content: Buffer.from(XML), contentType: 'application/xml' },
        { filename: 'factura.pdf', content: Buffer.from('%PDF-1.7 …'), contentType: 'application/pdf' },
      ],
    })
      .compile()
      .build();

    const { attachments, others } = extractAttachments(raw);
    expect(attachments.map(({ filename, contentType, kind }) => ({ filename, contentType, kind }))).toEqual([
      { filename: 'z0900373076000260000001.zip', contentType: 'application/zip', kind: 'zip' },
      { filename: 'Factura Ñandú №1.xml', contentType: 'application/xml', kind: 'xml' },
    ]);
    expect(Buffer.compare(attachments[0]!.content, zip)).toBe(0);
    expect(Object.keys(unzipSync(attachments[0]!.content))).toEqual([
      'ad09003730760002600000001.xml',
      'ad09003730760002600000001.pdf',
    ]);
    expect(attachments[1]!.content.toString('utf8')).toBe(XML);
    expect(others).toEqual([{ filename: 'factura.pdf', contentType: 'application/pdf', bytes: 12 }]);
  });

  it('reads what other clients write: LF line ends, RFC 2231 continuations, RFC 2047 and 8-bit names, quoted-printable, no closing boundary', () => {
    const raw = message(
      [
        'From: a@proveedor.example',
        'Subject: factura',
        'Content-Type: multipart/mixed;',
        '\tboundary="==outer=="',
        '',
        'preamble, ignored',
        '--==outer==',
        'Content-Type: multipart/alternative; boundary=inner',
        '',
        '--inner',
        'Content-Type: text/plain; charset=utf-8',
        '',
        'hola',
        '--inner--',
        '--==outer==',
        'Content-Type: application/octet-stream; name="=?UTF-8?B?RmFjdHVyYSDDkWFuZMO6LnppcA==?="',
        'Content-Transfer-Encoding: base64',
        '',
        ...zip.toString('base64').match(/.{1,76}/g)!,
        '--==outer==  ',
        'Content-Type: text/xml; charset=iso-8859-1',
        'Content-Disposition: attachment;',
        " filename*0*=iso-8859-1''Factura%20n%FAmero%20;",
        ' filename*1="SETP990000001.xml"',
        'Content-Transfer-Encoding: quoted-printable',
        '',
        '<?xml version=3D"1.0"?><Invoice>caf=E9 con un texto largo que se parte en dos =',
        'l=EDneas</Invoice>',
        '--==outer==',
        'Content-Type: application/zip',
        'Content-Disposition: attachment; filename="C:\\fakepath\\Cotizaci\xf3n.zip"',
        'Content-Transfer-Encoding: base64',
        '',
        zip.toString('base64'),
      ],
      '\n',
    );

    const { attachments } = extractAttachments(raw);
    expect(attachments.map(({ filename, kind }) => [filename, kind])).toEqual([
      ['Factura Ñandú.zip', 'zip'],
      ['Factura número SETP990000001.xml', 'xml'],
      ['Cotización.zip', 'zip'],
    ]);
    expect(Buffer.compare(attachments[0]!.content, zip)).toBe(0);
    expect(attachments[1]!.content.toString('latin1')).toBe(
      '<?xml version="1.0"?><Invoice>café con un texto largo que se parte en dos líneas</Invoice>',
    );
    expect(Buffer.compare(attachments[2]!.content, zip)).toBe(0);
  });

  it('opens a forwarded mail (message/rfc822) and reads its attachments', () => {
    const inner = [
      'From: facturas@proveedor.example',
      'Content-Type: multipart/mixed; boundary=b2',
      '',
      '--b2',
      'Content-Type: application/zip; name=z1.zip',
      'Content-Transfer-Encoding: base64',
      '',
      zip.toString('base64'),
      '--b2--',
    ];
    const raw = message([
      'From: contabilidad@empresa.example',
      'Subject: RV: factura',
      'Content-Type: multipart/mixed; boundary=b1',
      '',
      '--b1',
      'Content-Type: text/plain',
      '',
      'Reenvío la factura',
      '--b1',
      'Content-Type: message/rfc822',
      'Content-Disposition: attachment; filename="factura.eml"',
      '',
      ...inner,
      '--b1--',
    ]);
    const { attachments } = extractAttachments(raw);
    expect(attachments.map((a) => [a.filename, a.kind])).toEqual([['z1.zip', 'zip']]);
  });

  it('tells the kind by the content: a .zip that is not a zip and a .xml that is not XML are other files', () => {
    const raw = message([
      'Content-Type: multipart/mixed; boundary=b',
      '',
      '--b',
      'Content-Type: application/zip; name=factura.zip',
      '',
      'not a zip at all',
      '--b',
      'Content-Type: application/xml; name=factura.xml',
      '',
      '%PDF-1.7',
      '--b',
      'Content-Type: application/octet-stream; name=sin-extension',
      'Content-Transfer-Encoding: base64',
      '',
      zip.toString('base64'),
      '--b--',
    ]);
    const { attachments, others } = extractAttachments(raw);
    expect(attachments.map((a) => [a.filename, a.kind])).toEqual([['sin-extension', 'zip']]);
    expect(others.map((o) => o.filename)).toEqual(['factura.zip', 'factura.xml']);
  });

  it('a single-part mail that is the XML itself counts; a plain text mail has no attachment', () => {
    expect(extractAttachments(message(['Content-Type: application/xml', '', XML])).attachments).toMatchObject([
      { filename: '', kind: 'xml' },
    ]);
    expect(extractAttachments(message(['Subject: hola', '', 'solo texto']))).toEqual({ attachments: [], others: [] });
  });

  it('is bounded: size, number of parts and nesting, each with its code', () => {
    const big = Buffer.alloc(2048, 'a');
    expect(codeOf(() => extractAttachments(big, { maxMessageBytes: 2047 }))).toBe('MAIL_MESSAGE_TOO_LARGE');
    expect(codeOf(() => extractAttachments(big, { maxMessageBytes: 2048 }))).toBe('none');

    const many = message([
      'Content-Type: multipart/mixed; boundary=b',
      '',
      ...Array.from({ length: 250 }, () => ['--b', 'Content-Type: text/plain', '', 'x']).flat(),
      '--b--',
    ]);
    expect(codeOf(() => extractAttachments(many))).toBe('MAIL_MESSAGE_TOO_COMPLEX');
    expect(codeOf(() => extractAttachments(many, { maxParts: 300 }))).toBe('none');

    const nest = (depth: number): string[] =>
      depth === 0
        ? ['Content-Type: text/plain', '', 'x']
        : [`Content-Type: multipart/mixed; boundary=b${depth}`, '', `--b${depth}`, ...nest(depth - 1), `--b${depth}--`];
    expect(codeOf(() => extractAttachments(message(nest(20))))).toBe('MAIL_MESSAGE_TOO_COMPLEX');
    expect(codeOf(() => extractAttachments(message(nest(8))))).toBe('none');
  });
});

describe('decodeWords', () => {
  it('decodes each word in its charset, joins adjacent words and keeps the text around them', () => {
    expect(decodeWords('=?ISO-8859-1?Q?Cotizaci=F3n?= para =?UTF-8?B?w5FhbmTDug==?= S.A.S.')).toBe(
      'Cotización para Ñandú S.A.S.',
    );
    // One character split across two words: the bytes are joined before decoding.
    expect(decodeWords('=?UTF-8?Q?=C3?= =?UTF-8?Q?=91and=C3=BA?=')).toBe('Ñandú');
  });
});
