// The worker side of ThreadedSqliteEventStore (hosted on a SharedThread): owns the SQLite connection, so its fsyncs
// block that thread, never the service's event loop.
import type { MessagePort } from 'node:worker_threads';
import { PlatformError, ConcurrencyError } from '../../errors.ts';
import { SqliteEventStore } from './sqlite-event-store.ts';
import { serveWorkerCalls } from '../../threads/worker-calls.ts';
import type { StoreCall, StoreError } from './event-store-messages.ts';

export function host({ path }: { path: string }, port: MessagePort): void {
  const store = new SqliteEventStore(path);
  serveWorkerCalls<StoreCall, StoreError>((call) => run(store, call), describe, port);
}

async function run(store: SqliteEventStore, call: StoreCall): Promise<unknown> {
  switch (call.op) {
    case 'append':
      return store.append(call.stream, call.events, call.expected, call.options);
    case 'read':
      return store.read(call.stream);
    case 'readAll':
      return store.readAll(call.options);
    case 'head':
      return store.head();
    case 'close':
      return store.close();
  }
}

function describe(error: unknown): StoreError {
  if (error instanceof ConcurrencyError)
    return { kind: 'concurrency', stream: error.stream, expected: error.expected, actual: error.actual };
  if (error instanceof PlatformError)
    return { kind: 'platform', code: error.code, message: error.message, retriable: error.retriable };
  return { kind: 'other', message: error instanceof Error ? error.message : String(error) };
}
