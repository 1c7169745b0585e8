import { existsSync, mkdirSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { access } from 'node:fs/promises';
import { join } from 'node:path';
import { writeFileWhole } from '@fe/platform';
import { composeMail } from './compose-mail.ts';
import { MailError } from './errors.ts';
import { readMail } from './read-mail.ts';
import type { MailMessage, MailTransport, SentMail } from './mail-transport.ts';

/**
 * Each mail becomes `<folder>/<message-id>.eml`, the bytes SMTP would carry, written whole and owner-only; named
 * after the Message-ID so `wasSent` can tell whether a mail left. Sends run on the service's event loop: no sync I/O.
 */
export function createOutboxTransport(folder: string): MailTransport {
  mkdirSync(folder, { recursive: true, mode: 0o700 });
  return {
    kind: 'outbox',
    destination: folder,
    async send(message: MailMessage): Promise<SentMail> {
      const file = join(folder, outboxFileName(message.messageId));
      try {
        const bytes = composeMail(message);
        const length = bytes.length; // the bytes move to the writer thread
        // Durable before it counts as sent, as an SMTP server queues a mail before its 250: BuyerNotified names it.
        await writeFileWhole(file, bytes, { mode: 0o600, folderMode: 0o700, durable: true, handOver: true });
        return { response: file, bytes: length };
      } catch (error) {
        throw new MailError('MAIL_OUTBOX_WRITE_FAILED', String((error as Error).message ?? error), { cause: error });
      }
    },
    wasSent: (messageId) =>
      access(join(folder, outboxFileName(messageId))).then(
        () => true,
        () => false,
      ),
    close: async () => undefined,
  };
}

/** `<SETP990000001.1@fe.example>` → `SETP990000001.1@fe.example.eml`; anything unsafe in a file name becomes `_`. */
export const outboxFileName = (messageId: string): string =>
  `${messageId.replace(/^<|>$/g, '').replace(/[^\w.@+-]/g, '_')}.eml`;

export type OutboxEntry = { file: string; date: string; to: string; subject: string; bytes: number };

/** The mails in an outbox folder, oldest first, read from their headers (`pnpm fe outbox`). */
export function listOutbox(folder: string): OutboxEntry[] {
  if (!existsSync(folder)) return [];
  return (
    readdirSync(folder)
      .filter((name) => name.endsWith('.eml'))
      // one order for mails of the same second (Date has seconds): the names' (the portal's start with the instant)
      .sort()
      .map((name) => {
        const path = join(folder, name);
        const { headers, subject } = readMail(readFileSync(path));
        return {
          file: path,
          date: headers.get('date') ?? '',
          to: headers.get('to') ?? '',
          subject,
          bytes: statSync(path).size,
        };
      })
      .sort((a, b) => Date.parse(a.date) - Date.parse(b.date))
  );
}
