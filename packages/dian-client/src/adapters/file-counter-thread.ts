// The worker side of ThreadedSqliteFileCounter (hosted on a SharedThread): owns the counter's connection, so the
// fsync that makes each number durable (synchronous FULL) blocks that thread, never the service's event loop.
import type { MessagePort } from 'node:worker_threads';
import { serveWorkerCalls } from '@fe/platform/threads';
import { SqliteFileCounter } from './sqlite-file-counter.ts';
import type { CounterCall, CounterFailure } from './file-counter-messages.ts';

export function host({ path, importFrom }: { path: string; importFrom?: string }, port: MessagePort): void {
  const counter = new SqliteFileCounter(path, importFrom ? { importFrom } : {});
  serveWorkerCalls<CounterCall, CounterFailure>(
    (call) => (call.op === 'allocate' ? counter.allocate(call.request) : counter.close()),
    (error) => ({
      range: error instanceof RangeError,
      message: error instanceof Error ? error.message : String(error),
    }),
    port,
  );
}
