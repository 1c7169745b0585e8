import type { EventStore } from '@fe/platform';

/**
 * The event store with a doorbell: after every successful append it calls `appended`, so the
 * relay publishes at once instead of at its next poll. Everything else passes through.
 */
export function notifyingEventStore(store: EventStore, appended: () => void): EventStore {
  return {
    append: async (stream, events, expected, options) => {
      const result = await store.append(stream, events, expected, options);
      appended();
      return result;
    },
    read: (stream) => store.read(stream),
    readAll: (options) => store.readAll(options),
    head: () => store.head(),
    close: () => store.close(),
  };
}
