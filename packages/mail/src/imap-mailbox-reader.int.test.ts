// The IMAP reader against the integration run's mail server (GreenMail on loopback, infra/lib/mail.sh): mails
// delivered over its SMTP by our own SMTP adapter, read back over its IMAP.
import { randomUUID } from 'node:crypto';
import { createServer, type AddressInfo, type Socket } from 'node:net';
import { createRecordingLogger, requiredTestEnv } from '@fe/platform/testing';
import { strToU8, unzipSync, zipSync } from 'fflate';
import { afterAll, describe, expect, it } from 'vitest';
import { isMailError } from './errors.ts';
import { createImapMailboxReader } from './imap-mailbox-reader.ts';
import { imapSettings, type ImapSettingsInput } from './imap-settings.ts';
import type { MailAttachment } from './mail-transport.ts';
import { extractAttachments } from './mail-attachments.ts';
import type { MailboxMessage, MailboxReader } from './mailbox-reader.ts';
import { createSmtpTransport } from './smtp-transport.ts';
import { smtpSettings } from './smtp-settings.ts';

const need = 'the mail server (bash infra/up.sh mail)';
const imapUrl = requiredTestEnv('FE_TEST_IMAP_URL', need);
const smtp = createSmtpTransport(
  smtpSettings({ url: requiredTestEnv('FE_TEST_MAIL_SMTP_URL', need), timeoutMs: 10_000 }),
);
const readers: MailboxReader[] = [];
afterAll(async () => {
  await Promise.all(readers.map((r) => r.close()));
  await smtp.close();
});

/** A mailbox of its own: GreenMail makes a user of any address it receives mail for, the address its password. */
const freshAddress = () => `recepcion-${randomUUID().slice(0, 8)}@fe.test`;

function reader(user: string, more: Omit<ImapSettingsInput, 'url'> = {}, logger = createRecordingLogger()) {
  const created = createImapMailboxReader(
    imapSettings({ url: imapUrl, user, password: user, timeoutMs: 10_000, ...more }),
    { logger },
  );
  readers.push(created);
  return created;
}

async function deliver(to: string, subject: string, attachments: MailAttachment[] = []) {
  const messageId = `<${randomUUID()}@proveedor.example>`;
  await smtp.send({
    from: 'Proveedor Ñandú <facturas@proveedor.example>',
    to,
    subject,
    text: 'Adjunto la factura electrónica',
    messageId,
    attachments,
  });
  return messageId;
}

/** SMTP answered 250 when the store had the mail; the wait only guards a slow store, bounded. */
async function unseen(mailbox: MailboxReader, count: number): Promise<MailboxMessage[]> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const listed = await mailbox.listUnseen();
    if (listed.length >= count || Date.now() > deadline) return listed;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function failure(promise: Promise<unknown>): Promise<{ code: string; retriable: boolean; error: Error }> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!isMailError(error)) throw new Error(`expected a MailError, got ${String(error)}`);
  return { code: error.code, retriable: error.retriable, error };
}

/** Everything an error carries, own properties, stack and cause included. */
const everything = (error: Error): string =>
  JSON.stringify(error, Object.getOwnPropertyNames(error)) + String(error.stack) + String(error.cause);

const xml = '<?xml version="1.0" encoding="UTF-8"?><AttachedDocument>SETP990000001</AttachedDocument>';
const zip = zipSync({
  'ad09003730760002600000001.xml': strToU8(xml),
  'ad09003730760002600000001.pdf': strToU8('%PDF'),
});

describe('createImapMailboxReader', () => {
  it('lists the unseen mails, fetches one without marking it, reads its zip, marks it seen, moves the other away', async () => {
    const address = freshAddress();
    const plainId = await deliver(address, 'Consulta sin adjunto');
    const invoiceId = await deliver(address, '900373076;Proveedor Ñandú;SETP990000001;01;Ñandú', [
      { filename: 'z0900373076000260000001.zip', content: zip, contentType: 'application/zip' },
    ]);
    const logger = createRecordingLogger();
    const mailbox = reader(address, {}, logger);
    expect(mailbox.mailbox).toBe(`${imapUrl} INBOX as ${address}`);

    const listed = await unseen(mailbox, 2);
    expect(listed.map(({ messageId, from, subject }) => ({ messageId, from, subject }))).toEqual([
      { messageId: plainId, from: 'facturas@proveedor.example', subject: 'Consulta sin adjunto' },
      {
        messageId: invoiceId,
        from: 'facturas@proveedor.example',
        subject: '900373076;Proveedor Ñandú;SETP990000001;01;Ñandú',
      },
    ]);
    const [plain, invoice] = listed as [MailboxMessage, MailboxMessage];
    expect(plain.uid).toBeLessThan(invoice.uid);
    expect(Math.abs(invoice.receivedAt.getTime() - Date.now())).toBeLessThan(5 * 60_000);

    const raw = await mailbox.fetchRaw(invoice.uid);
    expect(raw.length).toBe(invoice.bytes);
    const { attachments } = extractAttachments(raw);
    expect(attachments.map((a) => [a.filename, a.kind])).toEqual([['z0900373076000260000001.zip', 'zip']]);
    const files = unzipSync(attachments[0]!.content);
    expect(Buffer.from(files['ad09003730760002600000001.xml']!).toString('utf8')).toBe(xml);
    expect((await mailbox.listUnseen()).map((m) => m.uid)).toEqual([plain.uid, invoice.uid]); // fetching marked nothing

    await mailbox.markSeen(invoice.uid);
    expect((await mailbox.listUnseen()).map((m) => m.uid)).toEqual([plain.uid]);
    await mailbox.markSeen(invoice.uid); // again: no error

    await mailbox.moveTo(plain.uid, 'Revisar');
    expect(await mailbox.listUnseen()).toEqual([]);
    expect(await failure(mailbox.fetchRaw(plain.uid))).toMatchObject({
      code: 'MAILBOX_MESSAGE_NOT_FOUND',
      retriable: false,
    });
    const moved = await reader(address, { folder: 'Revisar' }).listUnseen();
    expect(moved.map((m) => m.messageId)).toEqual([plainId]);

    await mailbox.close();
    expect(await mailbox.listUnseen()).toEqual([]); // a call after close connects again
  });

  it('a refused login is MAILBOX_AUTH_FAILED, and the password is in no part of the error nor of the log', async () => {
    const user = requiredTestEnv('FE_TEST_IMAP_USER', need);
    const logger = createRecordingLogger();
    const password = 'Pa55-equivocada!';
    const mailbox = createImapMailboxReader(imapSettings({ url: imapUrl, user, password, timeoutMs: 10_000 }), {
      logger,
    });
    readers.push(mailbox);
    const { code, retriable, error } = await failure(mailbox.listUnseen());
    expect([code, retriable]).toEqual(['MAILBOX_AUTH_FAILED', true]);
    expect(everything(error)).not.toContain(password);
    expect(logger.entries).toContainEqual(expect.objectContaining({ fields: expect.objectContaining({ code }) }));
    expect(logger.text()).not.toContain(password);

    // The right password of the same fixed test user opens it.
    const right = createImapMailboxReader(
      imapSettings({ url: imapUrl, user, password: requiredTestEnv('FE_TEST_IMAP_PASSWORD', need), timeoutMs: 10_000 }),
    );
    readers.push(right);
    expect(Array.isArray(await right.listUnseen())).toBe(true);
  });

  it('refuses a message above the size limit (10 MiB by default) with MAIL_MESSAGE_TOO_LARGE, before downloading it', async () => {
    const address = freshAddress();
    // 7.9 MB of attachment is about 10.7 MB once in base64.
    const filler = Buffer.alloc(7_900_000, 'A');
    await deliver(address, 'Factura muy grande', [
      { filename: 'grande.zip', content: filler, contentType: 'application/zip' },
    ]);
    const mailbox = reader(address);
    const [big] = await unseen(mailbox, 1);
    expect(big!.bytes).toBeGreaterThan(10 * 1024 * 1024);
    const { code, retriable } = await failure(mailbox.fetchRaw(big!.uid));
    expect([code, retriable]).toEqual(['MAIL_MESSAGE_TOO_LARGE', false]);
    // Under a larger limit the same message comes whole: the refusal was the limit's.
    const roomy = reader(address, { maxMessageBytes: 16 * 1024 * 1024 });
    expect((await roomy.fetchRaw(big!.uid)).length).toBe(big!.bytes);
  });

  it('off loopback, imap:// insists on STARTTLS: a server without it is refused before the login', async () => {
    const address = freshAddress();
    // The policy a remote host gets (imap-settings.unit.test.ts), applied to the test server, which offers no STARTTLS.
    const settings = imapSettings({ url: imapUrl, user: address, password: 'S3cr3t-pw', timeoutMs: 10_000 });
    const mailbox = createImapMailboxReader({ ...settings, requireTls: true });
    readers.push(mailbox);
    const { code, retriable, error } = await failure(mailbox.listUnseen());
    expect([code, retriable]).toEqual(['MAILBOX_TLS_UNAVAILABLE', true]);
    expect(everything(error)).not.toContain('S3cr3t-pw');
  });

  it('a missing folder, a closed port, a silent server and a call over its deadline each have their code', async () => {
    const address = freshAddress();
    await deliver(address, 'para crear el buzón');
    expect(await failure(reader(address, { folder: 'NoExiste' }).listUnseen())).toMatchObject({
      code: 'MAILBOX_FOLDER_NOT_FOUND',
      retriable: false,
    });
    const closed = createImapMailboxReader(
      imapSettings({ url: 'imap://127.0.0.1:1', user: 'u', password: 'p', timeoutMs: 2000 }),
    );
    expect(await failure(closed.listUnseen())).toMatchObject({ code: 'MAILBOX_SERVER_UNREACHABLE', retriable: true });

    // Accepts connections and never says a word.
    const sockets = new Set<Socket>();
    const silent = createServer((socket) => void sockets.add(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    try {
      const url = `imap://127.0.0.1:${(silent.address() as AddressInfo).port}`;
      const greeting = createImapMailboxReader(imapSettings({ url, user: 'u', password: 'p', timeoutMs: 1000 }));
      expect(await failure(greeting.listUnseen())).toMatchObject({ code: 'MAILBOX_TIMEOUT', retriable: true });
      const started = Date.now();
      const slow = createImapMailboxReader(
        imapSettings({ url, user: 'u', password: 'p', timeoutMs: 30_000, callTimeoutMs: 1000 }),
      );
      expect(await failure(slow.listUnseen())).toMatchObject({ code: 'MAILBOX_TIMEOUT', retriable: true });
      expect(Date.now() - started).toBeLessThan(10_000);
    } finally {
      sockets.forEach((socket) => socket.destroy());
      await new Promise((resolve) => silent.close(resolve));
    }
  });
});
