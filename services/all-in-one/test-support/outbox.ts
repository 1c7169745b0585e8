import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { readMail, type ReadMail } from '@fe/mail';

/** The mails of an outbox folder, decoded (the body may be quoted-printable), oldest first by their Date header. */
export function outboxMails(dir: string): ReadMail[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).filter((f) => f.endsWith('.eml')).sort()
    .map((f) => readMail(readFileSync(join(dir, f))))
    .sort((a, b) => Date.parse(a.headers.get('date') ?? '') - Date.parse(b.headers.get('date') ?? ''));
}

/** The mails to `to`, oldest first. */
export const outboxMailsTo = (dir: string, to: string): ReadMail[] => outboxMails(dir).filter((mail) => mail.headers.get('to') === to);
