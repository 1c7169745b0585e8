import { listOutbox } from '@fe/mail';
import { parseOptions } from './sign.ts';
import type { CommandOutput } from './xml.ts';

export const outboxUsage = `  outbox [--data-dir <dir>]
                       list the mails the embedded service wrote to <data>/outbox instead
                       of sending them (no FE_SMTP_URL): date, recipient, subject, size,
                       file; open a .eml with any mail program
`;

export type OutboxIo = {
  /** The data folder's outbox, as the service names it (--data-dir, else FE_DATA_DIR, else ./data). */
  outboxDir(dataDir: string | undefined): string;
};

/** `pnpm fe outbox`: one line per mail, oldest first; "no mails" when the folder is empty or absent. */
export function outboxCommand(args: string[], io: OutboxIo): CommandOutput {
  const { positional, options, unknown } = parseOptions(args, ['data-dir']);
  if (positional.length || unknown.length) return { exitCode: 2, stdout: '', stderr: `usage:\n${outboxUsage}` };
  const folder = io.outboxDir(options.get('data-dir'));
  const mails = listOutbox(folder);
  if (!mails.length) return { exitCode: 0, stdout: `no mails in ${folder}\n`, stderr: '' };
  const lines = mails.map((m) => `${m.date}  ${m.to}  ${m.subject}  ${Math.round(m.bytes / 1024)} kB\n    ${m.file}`);
  return { exitCode: 0, stdout: `${mails.length} mail${mails.length === 1 ? '' : 's'} in ${folder}\n${lines.join('\n')}\n`, stderr: '' };
}
