// The SMTP adapter against a real SMTP server on loopback (smtp-server): what leaves, and how the
// server's refusals map to final and temporary failures.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpCatcher, type SmtpCatcher } from '../test-support/smtp-catcher.ts';
import { isMailError } from './errors.ts';
import type { MailMessage } from './mail-transport.ts';
import { readMail } from './read-mail.ts';
import { createSmtpTransport } from './smtp-transport.ts';
import { smtpSettings } from './smtp-settings.ts';

let catcher: SmtpCatcher;
beforeAll(async () => void (catcher = await startSmtpCatcher()));
afterAll(async () => catcher?.close());

const message = (to: string, id: string): MailMessage => ({
  from: 'Empresa Ñandú <facturas@empresa.example>',
  to,
  subject: '900373076;Empresa Ñandú;SETP990000001;01;Ñandú',
  text: 'Adjunto',
  messageId: `<${id}@fe.example>`,
  attachments: [{ filename: 'z.zip', content: new Uint8Array([80, 75, 5, 6]), contentType: 'application/zip' }],
});

async function codeOf(promise: Promise<unknown>): Promise<[string, boolean]> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!isMailError(error)) throw new Error(`expected a MailError, got ${String(error)}`);
  return [error.code, error.retriable];
}

describe('createSmtpTransport', () => {
  it('delivers the message with its Message-ID, subject and attachment', async () => {
    const transport = createSmtpTransport(smtpSettings({ url: catcher.url, timeoutMs: 5000 }));
    const sent = await transport.send(message('compras@cliente.example', 'ok.1'));
    await transport.close();
    expect(sent.response).toMatch(/^250/);
    const mail = catcher.mails.at(-1)!;
    expect(mail.to).toEqual(['compras@cliente.example']);
    const raw = mail.raw.toString('latin1');
    expect(raw.split(/\r?\n/)).toContain('Message-ID: <ok.1@fe.example>');
    expect(raw).toContain('filename=z.zip');
    // The bytes that arrive are the ones the outbox would write, from the envelope's addresses.
    expect(mail.from).toBe('facturas@empresa.example');
    expect(sent.bytes).toBe(mail.raw.length);
    const read = readMail(mail.raw);
    expect(read.subject).toBe('900373076;Empresa Ñandú;SETP990000001;01;Ñandú');
    expect(read.headers.get('from')).toBe('=?UTF-8?Q?Empresa_=C3=91and=C3=BA?= <facturas@empresa.example>');
    expect([...read.attachments[0]!.content]).toEqual([80, 75, 5, 6]);
    expect(await transport.wasSent('<ok.1@fe.example>')).toBeUndefined(); // SMTP keeps no receipt
  });

  it('a refused recipient (550) is final; a 450 is temporary; an unreachable server is temporary', async () => {
    catcher.refuse.set('nadie@cliente.example', [550, 'No such user']);
    catcher.refuse.set('lleno@cliente.example', [450, 'Mailbox busy']);
    const transport = createSmtpTransport(smtpSettings({ url: catcher.url, timeoutMs: 5000 }));
    expect(await codeOf(transport.send(message('nadie@cliente.example', 'r.1')))).toEqual([
      'MAIL_RECIPIENT_REFUSED',
      false,
    ]);
    expect(await codeOf(transport.send(message('lleno@cliente.example', 'r.2')))).toEqual([
      'MAIL_TEMPORARY_FAILURE',
      true,
    ]);
    await transport.close();
    const nowhere = createSmtpTransport(smtpSettings({ url: 'smtp://127.0.0.1:1', timeoutMs: 2000 }));
    expect(await codeOf(nowhere.send(message('a@b.example', 'r.3')))).toEqual(['MAIL_SERVER_UNREACHABLE', true]);
    await nowhere.close();
  });

  it('off loopback, smtp:// insists on STARTTLS: a server without it is refused, and the password never shows in the error', async () => {
    expect(smtpSettings({ url: 'smtp://mail.example.com', timeoutMs: 5000 }).requireTls).toBe(true);
    // The policy a remote host gets (smtp-settings.unit.test.ts), applied to our catcher, which offers no STARTTLS.
    const settings = {
      ...smtpSettings({ url: catcher.url, user: 'u', password: 'S3cr3t-pw', timeoutMs: 5000 }),
      requireTls: true,
    };
    const before = catcher.mails.length;
    const error = await createSmtpTransport(settings)
      .send(message('a@b.example', 't.1'))
      .catch((e: unknown) => e);
    expect(isMailError(error) && [error.code, error.retriable]).toEqual(['MAIL_TLS_UNAVAILABLE', true]);
    expect(catcher.mails.length).toBe(before);
    expect(JSON.stringify({ message: (error as Error).message, stack: (error as Error).stack })).not.toContain(
      'S3cr3t-pw',
    );
  });

  it('a refused login is MAIL_AUTH_FAILED (retried: the operator fixes the credentials), and the password is in no part of the error', async () => {
    const settings = smtpSettings({ url: catcher.url, user: 'facturas', password: 'Pa55-secreta!', timeoutMs: 5000 });
    const error = await createSmtpTransport(settings)
      .send(message('a@b.example', 'auth.1'))
      .catch((e: unknown) => e);
    expect(isMailError(error) && [error.code, error.retriable]).toEqual(['MAIL_AUTH_FAILED', true]);
    const everything =
      JSON.stringify(error, Object.getOwnPropertyNames(error)) +
      String((error as Error).stack) +
      JSON.stringify((error as Error).cause, Object.getOwnPropertyNames((error as Error).cause ?? {}));
    expect(everything).not.toContain('Pa55-secreta!');
    expect(everything).not.toContain(Buffer.from('\u0000facturas\u0000Pa55-secreta!').toString('base64'));
  });
});
