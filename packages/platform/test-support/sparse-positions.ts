import type { AppendResult, EventStore, RecordedEvent } from '../src/ports/event-store.ts';

/**
 * The same store with positions multiplied by `stride`, as a store that leaves gaps: code that computes "the
 * next position" as + 1 fails behind it.
 */
export function withSparsePositions(store: EventStore, stride = 10n): EventStore {
  const spread = (event: RecordedEvent): RecordedEvent => ({ ...event, position: event.position * stride });
  const spreadResult = ({ positions, ...result }: AppendResult): AppendResult => ({
    ...result,
    lastPosition: result.lastPosition * stride,
    ...(positions ? { positions: positions.map((p) => p * stride) } : {}),
  });
  return {
    append: async (stream, events, expected, options) =>
      spreadResult(await store.append(stream, events, expected, options)),
    read: async (stream) => {
      const { version, events } = await store.read(stream);
      return { version, events: events.map(spread) };
    },
    // Events past `after` are those whose inner position is past after / stride, rounded down.
    readAll: async ({ after, ...page } = {}) =>
      (await store.readAll({ ...page, after: (after ?? 0n) / stride })).map(spread),
    head: async () => (await store.head()) * stride,
    close: () => store.close(),
  };
}
