import { readFileSync } from 'node:fs';
import { listOutbox, readMail, type ReadMail } from '@fe/mail';

/**
 * The mails of an outbox folder (`pnpm fe outbox`'s listing, oldest first), decoded: the body may be quoted-printable.
 */
const outboxMails = (dir: string): ReadMail[] => listOutbox(dir).map((entry) => readMail(readFileSync(entry.file)));

/** The mails to `to`, oldest first. */
export const outboxMailsTo = (dir: string, to: string): ReadMail[] =>
  outboxMails(dir).filter((mail) => mail.headers.get('to') === to);
