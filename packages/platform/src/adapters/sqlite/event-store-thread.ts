// The worker side of ThreadedSqliteEventStore: owns the SQLite connection, so its fsyncs block
// this thread, never the service's event loop. One message per call; replies carry the same id.
import { workerData } from 'node:worker_threads';
import { PlatformError, ConcurrencyError } from '../../errors.ts';
import { SqliteEventStore } from './sqlite-event-store.ts';
import { serveWorkerCalls } from '../../threads/worker-calls.ts';
import type { StoreCall, StoreError } from './event-store-messages.ts';

const store = new SqliteEventStore((workerData as { path: string }).path);
serveWorkerCalls<StoreCall, StoreError>(run, describe);

async function run(call: StoreCall): Promise<unknown> {
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
