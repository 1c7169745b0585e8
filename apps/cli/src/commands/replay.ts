import { topics } from '@fe/contracts';
import { diffViews, rebuildStatusViews } from '@fe/projection';
import { SqliteStatusStore } from '@fe/invoice-status';
import type { AuditSources } from '../audit/embedded-data.ts';
import { rebuildReceived, receivedListDifferences } from '../audit/received-list.ts';
import { missingInDataFolder, type DataFolderIo } from './data-folder.ts';
import { parseOptions } from './sign.ts';
import type { CommandOutput } from './xml.ts';

export const replayUsage = `  replay --projection status [--into <file>] [--data-dir <dir> | --distributed [--from-topic [--topic <name>]]]
                       rebuild the status read model from the event store into a new
                       store (in memory, or the new file --into) and compare it with the
                       live one; exits 1 when an invoice differs. --from-topic folds the
                       Kafka topic from offset 0 instead (FE_KAFKA_BROKERS, FE_SCHEMA_REGISTRY_URL)
  replay --projection received [--data-dir <dir> | --distributed]
                       fold every received invoice's stream into its view and compare
                       the live list of received invoices with it; exits 1 on a difference
`;
export const replayExample = '  pnpm fe replay --projection status --data-dir ./data\n';

export type ReplayIo = DataFolderIo & {
  open(where: { dataDir: string | undefined; distributed: boolean }): Promise<AuditSources | undefined>;
  /** The --into path as the user meant it (from where they typed the command), and whether it exists already. */
  target(path: string): { path: string; exists: boolean };
  /** Folds the topic from offset 0 into `target` (the distributed shape's brokers and registry). */
  fromTopic(topic: string, target: SqliteStatusStore): Promise<{ events: number; views: number; messages: number }>;
};

/** `pnpm fe replay --projection status`: the check that the read model equals a rebuild from the source of truth. */
export async function replayCommand(args: string[], io: ReplayIo): Promise<CommandOutput> {
  const distributed = args.includes('--distributed');
  const fromTopic = args.includes('--from-topic');
  const { positional, options, unknown } = parseOptions(
    args.filter((a) => a !== '--distributed' && a !== '--from-topic'),
    ['projection', 'into', 'data-dir', 'topic'],
  );
  if (options.get('projection') === 'received' && !fromTopic && !options.has('into') && !options.has('topic'))
    return replayReceived(options.get('data-dir'), distributed, unknown.length + positional.length, io);
  if (
    unknown.length ||
    positional.length ||
    options.get('projection') !== 'status' ||
    (distributed && options.has('data-dir')) ||
    (fromTopic && !distributed) ||
    (options.has('topic') && !fromTopic)
  ) {
    return { exitCode: 2, stdout: '', stderr: `usage:\n${replayUsage}` };
  }
  const into = options.get('into');
  const target = into === undefined ? undefined : io.target(into);
  if (target?.exists) return { exitCode: 2, stdout: '', stderr: `${into} exists: --into names a new file\n` };
  const sources = await io.open({ dataDir: options.get('data-dir'), distributed });
  const live = sources?.liveStatus();
  if (!sources || !live) {
    await sources?.close();
    return missingInDataFolder(
      io.dataFolder(options.get('data-dir')),
      'events.sqlite and status.sqlite',
      'nothing to replay',
    );
  }
  const rebuilt = new SqliteStatusStore(target?.path ?? ':memory:');
  try {
    const topic = options.get('topic') ?? topics.invoiceEvents.name;
    const result = fromTopic
      ? { ...(await io.fromTopic(topic, rebuilt)), orphans: 0 }
      : await rebuildStatusViews(sources.store, rebuilt);
    const differing = diffViews(await live.all(), await rebuilt.all());
    const origin =
      'position' in result
        ? `(through position ${result.position})`
        : `of ${topic} from offset 0 (${result.messages} messages)`;
    const lines = [
      `rebuilt ${result.views} invoice views from ${result.events} events ${origin}${into ? ` into ${into}` : ''}`,
      ...(result.orphans ? [`${result.orphans} events of invoices never requested`] : []),
      ...differing.map((id) => `DIFFERS ${id}`),
      differing.length
        ? `${differing.length} invoice(s) differ from the live read model`
        : 'the live read model equals the rebuild',
    ];
    return { exitCode: differing.length || result.orphans ? 1 : 0, stdout: `${lines.join('\n')}\n`, stderr: '' };
  } finally {
    await rebuilt.close();
    await sources.close();
  }
}

/** `--projection received`: the received invoices' list against their streams (received-list.ts). */
async function replayReceived(
  dataDir: string | undefined,
  distributed: boolean,
  extra: number,
  io: ReplayIo,
): Promise<CommandOutput> {
  if (extra || (distributed && dataDir !== undefined))
    return { exitCode: 2, stdout: '', stderr: `usage:\n${replayUsage}` };
  const sources = await io.open({ dataDir, distributed });
  const live = sources?.liveReceived();
  if (!sources || !live) {
    await sources?.close();
    return missingInDataFolder(io.dataFolder(dataDir), 'events.sqlite and state.sqlite', 'nothing to replay');
  }
  try {
    const rebuilt = await rebuildReceived(sources.store);
    const differing = [
      ...rebuilt.unreadable.map((stream) => `DIFFERS ${stream}: no view, the stream has no import`),
      ...(await receivedListDifferences(rebuilt.invoices, live)).map((d) => `DIFFERS ${d.subject}: ${d.detail}`),
    ];
    const lines = [
      `rebuilt ${rebuilt.invoices.length} received invoice views from ${rebuilt.events} events (through position ${rebuilt.position})`,
      ...differing,
      differing.length
        ? `${differing.length} received invoice(s) differ from the live list`
        : 'the live list of received invoices equals the rebuild',
    ];
    return { exitCode: differing.length ? 1 : 0, stdout: `${lines.join('\n')}\n`, stderr: '' };
  } finally {
    await sources.close();
  }
}
