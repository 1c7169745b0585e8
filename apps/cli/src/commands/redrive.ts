import { PlatformError, requestRedrive, type Clock, type DeadLetterStore, type EventStore } from '@fe/platform';
import { findInvoice } from './history.ts';
import { missingInDataFolder, type DataFolderIo } from './data-folder.ts';
import { parseOptions } from './sign.ts';
import type { CommandOutput } from './xml.ts';

export const redriveUsage = `  redrive <cufe | prefix+number> [--tenant <id>] [--data-dir <dir>]
                       run the step that failed for good (processing_error) once more,
                       after fixing its cause (e.g. a trusted certificate uploaded): records
                       InvoiceRedriveRequested with who asked and hands back the invoice's
                       dead letters; refused (exit 1, REDRIVE_FINAL / REDRIVE_NOT_FAILED)
                       for an invoice with a verdict or with no failed step
`;
export const redriveExample = '  pnpm fe redrive SETP990000000 --tenant demo --data-dir ./data\n';

export type RedriveIo = DataFolderIo & {
  /** The embedded data folder's event store and dead letters, or undefined when the service never ran there. */
  open(
    dataDir: string | undefined,
  ): { store: EventStore; letters: DeadLetterStore | undefined; close(): Promise<void> } | undefined;
  clock: Clock;
  /** Who runs the command, as history records it. */
  operator: string;
};

/** `pnpm fe redrive`: an operator re-drives an invoice stuck after a final failure. */
export async function redriveCommand(args: string[], io: RedriveIo): Promise<CommandOutput> {
  const { positional, options, unknown } = parseOptions(args, ['data-dir', 'tenant']);
  const [wanted] = positional;
  if (unknown.length || positional.length !== 1 || !wanted)
    return { exitCode: 2, stdout: '', stderr: `usage:\n${redriveUsage}` };
  const sources = io.open(options.get('data-dir'));
  if (!sources) return missingInDataFolder(io.dataFolder(options.get('data-dir')), 'events.sqlite');
  try {
    const found = await findInvoice(sources.store, wanted, options.get('tenant'));
    if (found.length !== 1)
      return {
        exitCode: 1,
        stdout: '',
        stderr: found.length
          ? `${found.length} tenants have an invoice ${wanted}: name one with --tenant\n`
          : `REDRIVE_NOT_FOUND: no invoice with cufe or number ${wanted}\n`,
      };
    const invoice = found[0]!;
    const done = await requestRedrive(
      { store: sources.store, letters: sources.letters, clock: io.clock },
      invoice.invoice_id!,
      `cli:${io.operator}`,
    );
    const letters = done.deadLetterIds.length
      ? `; dead letters ${done.deadLetterIds.map((id) => `#${id}`).join(' ')}`
      : '';
    return {
      exitCode: 0,
      stdout: `invoice ${invoice.data.document_id}: ${done.step} re-driven by cli:${io.operator}${letters}; the running service takes it up within 2 s\n`,
      stderr: '',
    };
  } catch (error) {
    if (error instanceof PlatformError) return { exitCode: 1, stdout: '', stderr: `${error.code}: ${error.message}\n` };
    throw error;
  } finally {
    await sources.close();
  }
}
