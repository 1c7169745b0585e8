// The worker side of ThreadedSqliteIdempotencyStore (hosted on a SharedThread): owns the keys' connection, so the
// fsync that makes each begin and response durable (synchronous FULL) blocks this thread, never the event loop.
import type { MessagePort } from 'node:worker_threads';
import { serveWorkerCalls } from '@fe/platform/threads';
import { SqliteIdempotencyStore } from './sqlite-idempotency-store.ts';
import type { IdempotencyCall, IdempotencyFailure } from './idempotency-messages.ts';

export function host({ path, importFrom }: { path: string; importFrom?: string }, port: MessagePort): void {
  const store = new SqliteIdempotencyStore(path, importFrom ? { importFrom } : {});
  serveWorkerCalls<IdempotencyCall, IdempotencyFailure>(
    (call) => {
      switch (call.op) {
        case 'begin':
          return store.begin(call.input);
        case 'complete':
          return store.complete(call.tenantId, call.key, call.response);
        case 'release':
          return store.release(call.tenantId, call.key);
        case 'purge':
          return store.purgeCreatedBefore(call.cutoff);
        case 'close':
          return store.close();
      }
    },
    (error) => {
      const { code, errcode } = (error ?? {}) as { code?: unknown; errcode?: unknown };
      return {
        message: error instanceof Error ? error.message : String(error),
        ...(typeof code === 'string' ? { code } : {}),
        ...(typeof errcode === 'number' ? { errcode } : {}),
      };
    },
    port,
  );
}
