import {
  END,
  START,
  StreamNotFoundError,
  UnknownError,
  WrongExpectedVersionError,
  type AppendStreamState,
  type EventData,
  type Filter,
  type KurrentDBClient,
  type Position,
  type ReadPosition,
  type ReadRevision,
} from '@kurrent/kurrentdb-client';

type LogRecord = {
  streamId: string;
  id: string;
  revision: bigint;
  type: string;
  isJson: true;
  data: unknown;
  metadata: unknown;
  created: Date;
  position: Position;
};

/**
 * An in-memory model of the KurrentDB calls the adapter makes, so its own logic runs in the unit run; the
 * integration run against a real server is the evidence.
 */
export function kurrentModel(): { client: KurrentDBClient; log: LogRecord[]; writeSystemRecord(): void } {
  const log: LogRecord[] = [];
  let next = 128n; // the log starts with an epoch record, never an event
  const later = () => new Promise((resolve) => setImmediate(resolve));

  const write = (streamId: string, event: { id: string; type: string; data: unknown; metadata?: unknown }) => {
    const revision = BigInt(log.filter((r) => r.streamId === streamId).length);
    const record: LogRecord = {
      streamId,
      id: event.id,
      revision,
      type: event.type,
      isJson: true,
      data: JSON.parse(JSON.stringify(event.data)),
      metadata: event.metadata === undefined ? undefined : JSON.parse(JSON.stringify(event.metadata)),
      created: new Date(),
      position: { commit: next, prepare: next },
    };
    log.push(record);
    next += 97n + BigInt(JSON.stringify(event.data).length);
  };
  const writeSystemRecord = () =>
    write('$stats-127.0.0.1:2113', { id: crypto.randomUUID(), type: '$statsCollected', data: {} });
  const streamOf = (streamId: string) => log.filter((r) => r.streamId === streamId);
  const passes = (filter: Filter | undefined, record: LogRecord) =>
    !filter || !('regex' in filter) || new RegExp(filter.regex).test(record.type);

  async function* yielding<T>(records: () => T[]): AsyncGenerator<T> {
    await later();
    for (const record of records()) yield record;
  }

  const client = {
    async appendToStream(streamId: string, events: EventData[], options: { streamState?: AppendStreamState } = {}) {
      await later();
      const stream = streamOf(streamId);
      const current = stream.length ? BigInt(stream.length - 1) : 'no_stream';
      const state = options.streamState ?? 'any';
      const wrong = () => new WrongExpectedVersionError(undefined, { streamName: streamId, expected: state, current });
      const after = state === 'no_stream' ? -1n : typeof state === 'bigint' ? state : undefined;
      const sameAsStored = after !== undefined && events.every((e, i) => stream[Number(after) + 1 + i]?.id === e.id);
      if (after !== undefined && BigInt(stream.length - 1) > after) {
        if (sameAsStored)
          return { success: true, nextExpectedRevision: after + BigInt(events.length), position: undefined };
        throw wrong();
      }
      if (
        (after !== undefined && BigInt(stream.length - 1) !== after) ||
        (state === 'stream_exists' && current === 'no_stream')
      )
        throw wrong();
      for (const event of events) write(streamId, event);
      return {
        success: true,
        nextExpectedRevision: BigInt(streamOf(streamId).length - 1),
        position: log.at(-1)!.position,
      };
    },
    readStream(streamId: string, options: { fromRevision?: ReadRevision; maxCount?: number | bigint } = {}) {
      return yielding(() => {
        const stream = streamOf(streamId);
        if (!stream.length) throw new StreamNotFoundError(undefined, streamId);
        const from = typeof options.fromRevision === 'bigint' ? Number(options.fromRevision) : 0;
        return stream.slice(from, from + Number(options.maxCount ?? stream.length)).map((event) => ({ event }));
      });
    },
    readAll(
      options: { fromPosition?: ReadPosition; direction?: string; maxCount?: number | bigint; filter?: Filter } = {},
    ) {
      return yielding(() => {
        const max = Number(options.maxCount ?? log.length);
        if (options.direction === 'backwards') {
          if (options.fromPosition !== END) throw new Error('the model reads backwards from END only');
          return log
            .filter((r) => passes(options.filter, r))
            .reverse()
            .slice(0, max)
            .map((event) => ({ event }));
        }
        const from =
          options.fromPosition === START || options.fromPosition === undefined
            ? 0n
            : (options.fromPosition as Position).commit;
        if (from !== 0n && from < next && !log.some((r) => r.position.commit === from))
          throw new UnknownError(undefined, 'Trying to read from an invalid position.');
        return log
          .filter((r) => r.position.commit >= from && passes(options.filter, r))
          .slice(0, max)
          .map((event) => ({ event }));
      });
    },
    async dispose() {},
  };
  return { client: client as unknown as KurrentDBClient, log, writeSystemRecord };
}
