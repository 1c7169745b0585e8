import { randomUUID } from 'node:crypto';
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { MailSender } from '../ports/mail-sender.ts';

/**
 * Mail as `.eml` files (RFC 5322, UTF-8, quoted-printable-free: 8bit) in a local outbox folder:
 * the embedded shape's SMTP path, read by a person or a test. Written to a temporary name and
 * renamed, so a reader never sees half a message; owner-only (0600 in a 0700 folder), since a
 * confirmation or reset link opens the account.
 */
export class OutboxMailSender implements MailSender {
  private readonly dir: string;
  private readonly from: string;
  private readonly now: () => Date;

  constructor(options: { dir: string; from: string; now?: () => Date }) {
    this.dir = options.dir;
    this.from = options.from;
    this.now = options.now ?? (() => new Date());
    mkdirSync(this.dir, { recursive: true, mode: 0o700 });
  }

  async send(message: { to: string; subject: string; text: string }): Promise<void> {
    const id = randomUUID();
    const eml = [
      `From: ${this.from}`, `To: ${message.to}`, `Subject: =?UTF-8?B?${Buffer.from(message.subject).toString('base64')}?=`,
      `Date: ${this.now().toUTCString()}`, `Message-ID: <${id}@fe-portal>`, 'MIME-Version: 1.0',
      'Content-Type: text/plain; charset=utf-8', 'Content-Transfer-Encoding: 8bit', '', message.text, '',
    ].join('\r\n');
    const name = `${this.now().toISOString().replace(/[:.]/g, '-')}-${id}.eml`;
    const partial = join(this.dir, `.${name}.partial`);
    writeFileSync(partial, eml, { mode: 0o600 });
    renameSync(partial, join(this.dir, name));
  }
}
