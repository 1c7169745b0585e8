import { readFileSync } from 'node:fs';
import { listOutbox, readMail } from '@fe/mail';
import { parseOptions } from './sign.ts';
import type { CommandOutput } from './xml.ts';

export const outboxUsage = `  outbox [--data-dir <dir>] [--last [--to <email>]]
                       list the mails the embedded service wrote to <data>/outbox instead
                       of sending them (no FE_SMTP_URL): date, recipient, subject, size,
                       file; open a .eml with any mail program. --last prints the newest
                       mail (to <email>) decoded: its headers, its text (the portal's links
                       as they are meant) and the names of its attachments
`;
export const outboxExample = '  pnpm fe outbox --data-dir ./data --last --to compras@cliente.example\n';

export type OutboxIo = {
  /** The data folder's outbox, as the service names it (--data-dir, else FE_DATA_DIR, else ./data). */
  outboxDir(dataDir: string | undefined): string;
};

/** `pnpm fe outbox`: one line per mail, oldest first; "no mails" when the folder is empty or absent. */
export function outboxCommand(args: string[], io: OutboxIo): CommandOutput {
  const last = args.includes('--last');
  const { positional, options, unknown } = parseOptions(
    args.filter((a) => a !== '--last'),
    ['data-dir', 'to'],
  );
  if (positional.length || unknown.length || (options.has('to') && !last))
    return { exitCode: 2, stdout: '', stderr: `usage:\n${outboxUsage}` };
  const folder = io.outboxDir(options.get('data-dir'));
  const to = options.get('to');
  const mails = listOutbox(folder).filter((m) => to === undefined || m.to === to);
  if (!mails.length)
    return { exitCode: last ? 1 : 0, stdout: `no mails${to ? ` to ${to}` : ''} in ${folder}\n`, stderr: '' };
  if (last) return { exitCode: 0, stdout: showMail(mails.at(-1)!.file), stderr: '' };
  const lines = mails.map((m) => `${m.date}  ${m.to}  ${m.subject}  ${Math.round(m.bytes / 1024)} kB\n    ${m.file}`);
  return {
    exitCode: 0,
    stdout: `${mails.length} mail${mails.length === 1 ? '' : 's'} in ${folder}\n${lines.join('\n')}\n`,
    stderr: '',
  };
}

/** One mail as a person reads it: the body decoded (quoted-printable or base64, as the .eml carries it). */
function showMail(file: string): string {
  const mail = readMail(readFileSync(file));
  const header = (name: string) => `${name}: ${mail.headers.get(name.toLowerCase()) ?? ''}\n`;
  const attachments = mail.attachments
    .map((a) => `attachment: ${a.filename} (${Math.round(a.content.length / 1024)} kB)\n`)
    .join('');
  return `${file}\n${header('From')}${header('To')}${header('Date')}Subject: ${mail.subject}\n\n${mail.text.replace(/\r\n/g, '\n').trimEnd()}\n${attachments ? `\n${attachments}` : ''}`;
}
