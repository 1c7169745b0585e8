import { SqliteDeadLetterStore, type DeadLetter } from '@fe/platform';
import { missingInDataFolder, type DataFolderIo } from './data-folder.ts';
import { parseOptions } from './sign.ts';
import type { CommandOutput } from './xml.ts';

export const deadLettersUsage = `  dead-letters [list] [--data-dir <dir>] [--json]
                       the events a service gave up on (after its retries), kept in the
                       data folder's state.sqlite until re-driven; --data-dir defaults to
                       FE_DATA_DIR, else ./data (the embedded service's)
  dead-letters redrive (<id>… | --all) [--data-dir <dir>]
                       ask the running service to hand those letters back to their
                       service (within 2 s; or at its next start): a handled letter is
                       removed, one that fails again is kept with its new error
`;
export const deadLettersExample = `  pnpm fe dead-letters --data-dir ./data
  pnpm fe dead-letters redrive 3 --data-dir ./data
`;

export type DeadLettersIo = DataFolderIo & {
  /** The data folder's state.sqlite, or undefined when there is none (nothing to open or create). */
  stateDb(dataDir: string | undefined): string | undefined;
  now: Date;
};

/** `pnpm fe dead-letters`: what an operator needs to see and re-drive dead letters. */
export async function deadLettersCommand(args: string[], io: DeadLettersIo): Promise<CommandOutput> {
  const flags: string[] = args.filter((a) => a === '--all' || a === '--json');
  const { positional, options, unknown } = parseOptions(
    args.filter((a) => !flags.includes(a)),
    ['data-dir'],
  );
  const [action = 'list', ...ids] = positional;
  const all = flags.includes('--all');
  const usage = { exitCode: 2, stdout: '', stderr: `usage:\n${deadLettersUsage}` };
  if (unknown.length || !['list', 'redrive'].includes(action)) return usage;
  if (action === 'list' && (ids.length || all)) return usage;
  if (
    action === 'redrive' &&
    (all ? ids.length > 0 : ids.length === 0 || ids.some((id) => !/^[1-9]\d{0,15}$/.test(id)))
  )
    return usage;

  const path = io.stateDb(options.get('data-dir'));
  if (!path)
    return missingInDataFolder(
      io.dataFolder(options.get('data-dir')),
      'state.sqlite',
      'the service has not run there, so it has no dead letters',
    );
  const store = new SqliteDeadLetterStore(path);
  try {
    if (action === 'list') {
      const letters = await store.list();
      if (flags.includes('--json')) return { exitCode: 0, stdout: `${JSON.stringify(letters, null, 2)}\n`, stderr: '' };
      return { exitCode: 0, stdout: letters.length ? letters.map(describe).join('') : 'no dead letters\n', stderr: '' };
    }
    const wanted = all ? 'all' : ids.map(Number);
    const marked = await store.requestRedrive(wanted, io.now);
    const missing = all ? 0 : ids.length - marked;
    return {
      exitCode: missing ? 1 : 0,
      stdout: `${marked} ${marked === 1 ? 'letter' : 'letters'} to re-drive; the running service takes them within 2 s (or at its next start)\n`,
      stderr: missing ? `${missing} of the ids given ${missing === 1 ? 'is' : 'are'} not a dead letter\n` : '',
    };
  } finally {
    store.close();
  }
}

function describe(letter: DeadLetter): string {
  const event = letter.message.value;
  const requested = letter.redriveRequestedAt ? `  re-drive requested ${letter.redriveRequestedAt}\n` : '';
  return (
    `#${letter.id}  ${letter.group}  ${event.type} ${event.id}  invoice ${event.invoice_id ?? '-'} (tenant ${event.tenant_id})\n` +
    `  dead ${letter.deaths}× (first ${letter.firstDeadAt}, last ${letter.lastDeadAt}) after ${letter.attempts} attempts: ${letter.error}\n${requested}`
  );
}
