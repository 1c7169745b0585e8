import { spawnSync } from 'node:child_process';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { composeMail, parseAddress } from './compose-mail.ts';
import { extractAttachments } from './mail-attachments.ts';
import type { MailMessage } from './mail-transport.ts';
import { decodeWords, readMail } from './read-mail.ts';

const zip = new Uint8Array(Array.from({ length: 50_000 }, (_, i) => (i * 7919) % 256));
const invoiceMail: MailMessage = {
  from: '"Compañía Ñandú S.A.S." <facturas@fe.example>',
  to: 'compras@cliente.example',
  replyTo: 'Cartera Ñandú <cartera@fe.example>',
  subject:
    '900373076;Compañía Ñandú S.A.S.;SETP990000001;01;Ñandú — café ☕ con un nombre largo que obliga a partir el asunto',
  text: 'Señores Cliente,\n\nAdjuntamos la factura electrónica SETP990000001, con una línea que pasa de setenta y seis caracteres.\nGracias. \n.',
  messageId: '<SETP990000001.1@fe.example>',
  date: new Date('2026-03-10T15:00:00Z'),
  attachments: [{ filename: 'z0900373076000260000001.zip', content: zip, contentType: 'application/zip' }],
};

type PythonRead = {
  headers: Record<string, string>;
  fromName: string;
  text: string;
  attachments: { filename: string; contentType: string; hex: string }[];
  defects: string[];
};

/** Python's `email` package, an independent reader, on many messages at once: what it decodes, the defects found. */
function pythonReadsAll(raws: Buffer[]): PythonRead[] {
  const script = `
import base64, email, email.policy, json, sys
def read(raw):
    m = email.message_from_bytes(raw, policy=email.policy.default)
    parts = [p for p in m.walk() if not p.is_multipart()]
    return {
        "headers": {k: str(v) for k, v in m.items()},
        "fromName": m["From"].addresses[0].display_name,
        "text": next(p.get_content() for p in parts if p.get_content_disposition() is None),
        "attachments": [{"filename": p.get_filename(), "contentType": p.get_content_type(), "hex": p.get_content().hex()}
                        for p in parts if p.get_content_disposition() == "attachment"],
        "defects": [repr(d) for p in m.walk() for d in p.defects],
    }
print(json.dumps([read(base64.b64decode(r)) for r in json.load(sys.stdin)]))`;
  const input = JSON.stringify(raws.map((raw) => raw.toString('base64')));
  const run = spawnSync('python3', ['-c', script], { input, encoding: 'utf8', maxBuffer: 1 << 26 });
  if (run.status !== 0) throw new Error(`python3 failed: ${run.error ?? run.stderr}`);
  return JSON.parse(run.stdout);
}

const pythonReads = (raw: Buffer): PythonRead => pythonReadsAll([raw])[0]!;

/** Content a reader takes for a zip: it starts `PK`. */
const zipped = (content: Uint8Array) => Buffer.concat([Buffer.from('PK\x05\x06', 'latin1'), content]);

const lines = (raw: Buffer) => raw.toString('latin1').split('\r\n');

describe('composeMail', () => {
  it("writes the invoice mail's headers and parts, folded within 78 characters, CRLF only, and reads back the same", () => {
    const raw = composeMail(invoiceMail, '=_fe_test');
    const text = raw.toString('latin1');
    expect(text).not.toMatch(/[^\r]\n|\r[^\n]/);
    expect(text).not.toMatch(/[^\x20-\x7e\r\n]/); // 7-bit clean
    const [head, ...body] = text.split('\r\n\r\n');
    expect(head!.split('\r\n').every((line) => line.length <= 78)).toBe(true);
    expect(
      head!
        .split('\r\n')
        .filter((line) => !line.startsWith(' '))
        .map((line) => line.slice(0, line.indexOf(':'))),
    ).toEqual(['From', 'To', 'Reply-To', 'Subject', 'Message-ID', 'Date', 'MIME-Version', 'Content-Type']);
    expect(
      body
        .join('\r\n\r\n')
        .split('\r\n')
        .every((line) => line.length <= 76),
    ).toBe(true);
    expect(lines(raw)).toContain('Date: Tue, 10 Mar 2026 15:00:00 +0000');
    expect(lines(raw)).toContain('Content-Type: multipart/mixed; boundary="=_fe_test"');
    expect(lines(raw)).toContain('Content-Disposition: attachment; filename=z0900373076000260000001.zip');

    const mail = readMail(raw);
    expect(mail.subject).toBe(invoiceMail.subject);
    expect(mail.messageId).toBe('<SETP990000001.1@fe.example>');
    expect(mail.text).toBe(invoiceMail.text.replace(/\n/g, '\r\n')); // lines of text travel with CRLF
    expect(mail.attachments).toHaveLength(1);
    expect(mail.attachments[0]).toMatchObject({
      filename: 'z0900373076000260000001.zip',
      contentType: 'application/zip',
    });
    expect(Buffer.compare(mail.attachments[0]!.content, zip)).toBe(0);
  });

  it("reads the same in Python's email package: decoded subject and names, the text, the attachment's bytes", () => {
    const read = pythonReads(composeMail(invoiceMail));
    expect(read.defects).toEqual([]);
    expect(read.headers).toMatchObject({
      From: '"Compañía Ñandú S.A.S." <facturas@fe.example>',
      To: 'compras@cliente.example',
      'Reply-To': 'Cartera Ñandú <cartera@fe.example>',
      Subject: invoiceMail.subject,
      'Message-ID': '<SETP990000001.1@fe.example>',
      Date: 'Tue, 10 Mar 2026 15:00:00 +0000',
      'MIME-Version': '1.0',
    });
    expect(read.text).toBe(invoiceMail.text.replace(/\n/g, '\r\n'));
    expect(read.attachments).toEqual([
      {
        filename: 'z0900373076000260000001.zip',
        contentType: 'application/zip',
        hex: Buffer.from(zip).toString('hex'),
      },
    ]);
  });

  it('encodes what could break a header: CR and LF, a lookalike encoded word, non-ASCII file names', () => {
    const raw = composeMail({
      ...invoiceMail,
      from: 'facturas@fe.example',
      subject: 'Factura\r\nBcc: otro@x.example =?UTF-8?Q?x?=',
      text: 'una línea',
      attachments: [
        {
          filename: 'Factura Ñandú №1.zip',
          content: zipped(zip.subarray(0, 10)),
          contentType: 'application/zip',
        },
      ],
    });
    expect(lines(raw).some((line) => line.startsWith('Bcc:'))).toBe(false);
    const read = pythonReads(raw);
    expect(read.defects).toEqual([]);
    expect(read.headers.Subject).toBe('Factura\r\nBcc: otro@x.example =?UTF-8?Q?x?=');
    expect(read.attachments[0]!.filename).toBe('Factura Ñandú №1.zip');
    expect(readMail(raw).attachments[0]!.filename).toBe('Factura Ñandú №1.zip');
    expect(extractAttachments(raw).attachments[0]!.filename).toBe('Factura Ñandú №1.zip');
  });

  it('without attachments the message is its text part alone', () => {
    const raw = composeMail({ ...invoiceMail, text: 'Hola\nmundo', attachments: [] });
    expect(lines(raw)).toContain('Content-Type: text/plain; charset=utf-8');
    expect(raw.toString('latin1')).not.toContain('multipart');
    expect(readMail(raw).text).toBe('Hola\r\nmundo');
    expect(pythonReads(raw).text).toBe('Hola\r\nmundo');
  });

  it('splits an address for the SMTP envelope', () => {
    expect(parseAddress('"Ñandú, S.A.S." <f@fe.example>')).toEqual({ name: 'Ñandú, S.A.S.', address: 'f@fe.example' });
    expect(parseAddress('Empresa <f@fe.example>')).toEqual({ name: 'Empresa', address: 'f@fe.example' });
    expect(parseAddress(' b@cliente.example ')).toEqual({ name: '', address: 'b@cliente.example' });
    expect(parseAddress('"a <b>" <x@y.example>')).toEqual({ name: 'a <b>', address: 'x@y.example' });
  });

  it('any subject, text, sender name and file name reads back exactly, in lines within the limits', () => {
    const samples = fc.sample(
      fc.record({
        subject: fc.string({ unit: 'grapheme', maxLength: 200 }),
        text: fc.string({ unit: 'binary', maxLength: 400 }),
        name: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 80 }),
        filename: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 60 }),
        content: fc.uint8Array({ maxLength: 300 }),
      }),
      { numRuns: 200, seed: 2047 },
    );
    const cases = [
      ...samples,
      { subject: 'a'.repeat(120), text: 'b'.repeat(200), name: 'c'.repeat(90), filename: 'd', content: zip },
      { subject: `${'palabra '.repeat(20)}fin`, text: ' \t \n', name: 'S.A.S.', filename: 'a;b"c', content: zip },
      { subject: ' dos  espacios ', text: '=_fe_\n.\n', name: 'Ñ, "x"', filename: 'e f', content: zip },
    ].map((c) => ({ ...c, name: c.name.replace(/["\\\r\n]/g, ' ') }));
    const raws = cases.map((c) =>
      composeMail({
        ...invoiceMail,
        from: `"${c.name}" <f@fe.example>`,
        subject: c.subject,
        text: c.text,
        attachments: [{ filename: `${c.filename}.zip`, content: zipped(c.content), contentType: 'application/zip' }],
      }),
    );
    raws.forEach((raw, i) => {
      const all = lines(raw);
      const bodyStart = all.indexOf('');
      // The text and the base64 within 76; a header folds only where it can (a part's file name stays whole).
      const bodyLines = all.slice(bodyStart).filter((line) => !/^Content-(Type|Disposition):/.test(line));
      expect(bodyLines.every((line) => line.length <= 76)).toBe(true);
      expect(all.slice(0, bodyStart).every((line) => line.length <= 998)).toBe(true);
      expect(readMail(raw).text).toBe(cases[i]!.text.replace(/\r\n|\r|\n/g, '\r\n'));
      const [attachment] = extractAttachments(raw).attachments;
      expect(Buffer.compare(attachment!.content, zipped(cases[i]!.content))).toBe(0);
    });
    pythonReadsAll(raws).forEach((read, i) => {
      const c = cases[i]!;
      expect(read.defects, c.subject).toEqual([]);
      expect(read.headers.Subject, c.subject).toBe(c.subject);
      expect(read.headers.From!.endsWith(' <f@fe.example>')).toBe(true);
      // Python joins adjacent encoded words of a phrase with a space (RFC 2047 drops it, as decodeWords does).
      expect(read.fromName.replace(/ /g, ''), c.name).toBe(c.name.replace(/ /g, ''));
      const from = readMail(raws[i]!).headers.get('from')!;
      if (from.includes('=?')) expect(decodeWords(from)).toBe(`${c.name} <f@fe.example>`);
      expect(read.attachments[0]!.filename).toBe(`${c.filename}.zip`.replace(/[\r\n]+/g, ' '));
      expect(read.attachments[0]!.hex).toBe(zipped(c.content).toString('hex'));
    });
  });
});
