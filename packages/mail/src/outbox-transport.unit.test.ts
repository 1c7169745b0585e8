import { mkdtempSync, readdirSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createOutboxTransport, listOutbox } from './outbox-transport.ts';
import { readMail } from './read-mail.ts';

describe('the outbox transport', () => {
  it('writes one owner-only .eml per Message-ID, whole, that reads back with its subject and attachment; wasSent knows it', async () => {
    const folder = join(mkdtempSync(join(tmpdir(), 'fe-outbox-')), 'outbox');
    const transport = createOutboxTransport(folder);
    const zip = new Uint8Array(Array.from({ length: 3000 }, (_, i) => i % 256));
    const subject =
      '900373076;Compañía Ñandú S.A.S.;SETP990000001;01;Ñandú — café ☕ con un nombre largo que obliga a partir el asunto en varias palabras codificadas';
    expect(await transport.wasSent('<a.1@fe.example>')).toBe(false);
    const sent = await transport.send({
      from: '"Ñandú" <f@fe.example>',
      to: 'b@cliente.example',
      subject,
      text: 'Señores',
      messageId: '<a.1@fe.example>',
      date: new Date('2026-03-10T15:00:00Z'),
      attachments: [{ filename: 'z1.zip', content: zip, contentType: 'application/zip' }],
    });
    expect(await transport.wasSent('<a.1@fe.example>')).toBe(true);
    expect(readdirSync(folder)).toEqual(['a.1@fe.example.eml']);
    expect(statSync(join(folder, 'a.1@fe.example.eml')).mode & 0o777).toBe(0o600);
    expect(sent.bytes).toBe(statSync(join(folder, 'a.1@fe.example.eml')).size);
    const [entry] = listOutbox(folder);
    expect(entry).toMatchObject({ to: 'b@cliente.example', subject });
    const mail = readMail(await import('node:fs').then((fs) => fs.readFileSync(entry!.file)));
    expect(mail.messageId).toBe('<a.1@fe.example>');
    expect(mail.text).toBe('Señores');
    expect(mail.attachments).toHaveLength(1);
    expect(mail.attachments[0]).toMatchObject({ filename: 'z1.zip', contentType: 'application/zip' });
    expect(Buffer.compare(mail.attachments[0]!.content, Buffer.from(zip))).toBe(0);
  });
});
