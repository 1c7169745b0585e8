import { SharedThread, type WorkerCalls } from '@fe/platform/threads';
import type { BeginInput, BeginResult, IdempotencyStore, StoredResponse } from './idempotency-store.ts';
import type { IdempotencyCall, IdempotencyFailure } from './idempotency-messages.ts';

type Call = IdempotencyCall extends infer C ? (C extends { id: number } ? Omit<C, 'id'> : never) : never;

/**
 * SqliteIdempotencyStore on a worker thread and in its own file: each begin and each kept response is committed with
 * an fsync (a key must not start twice after a power cut), which on the service's thread blocked the event loop for
 * every request with an Idempotency-Key; in the shared state file it would hold that file's write lock during the
 * fsync against the stores on the event loop. Same contract suite.
 */
export class ThreadedSqliteIdempotencyStore implements IdempotencyStore {
  private readonly calls: WorkerCalls<Call, IdempotencyFailure>;

  /**
   * `importFrom`: the file the keys were kept in before (the state file), copied once into the file this store
   * creates. `thread`: one shared with other stores; by default a thread of its own.
   */
  constructor(path: string, options: { importFrom?: string; thread?: SharedThread } = {}) {
    const { thread = new SharedThread('fe-idempotency', { maxYoungGenerationSizeMb: 4 }), importFrom } = options;
    this.calls = thread.host<Call, IdempotencyFailure>(
      new URL('./idempotency-thread.ts', import.meta.url),
      { path, importFrom },
      {
        fromWorker: (failure) =>
          Object.assign(
            new Error(failure.message),
            failure.code ? { code: failure.code } : {},
            failure.errcode !== undefined ? { errcode: failure.errcode } : {},
          ),
        unavailable: (reason) => new Error(`the idempotency keys are unavailable: ${reason}`),
      },
    );
  }

  begin(input: BeginInput): Promise<BeginResult> {
    return this.calls.call({ op: 'begin', input }) as Promise<BeginResult>;
  }

  complete(tenantId: string, key: string, response: StoredResponse): Promise<void> {
    return this.calls.call({ op: 'complete', tenantId, key, response }) as Promise<void>;
  }

  release(tenantId: string, key: string): Promise<void> {
    return this.calls.call({ op: 'release', tenantId, key }) as Promise<void>;
  }

  purgeCreatedBefore(cutoff: Date): Promise<number> {
    return this.calls.call({ op: 'purge', cutoff }) as Promise<number>;
  }

  close(): Promise<void> {
    return this.calls.close({ op: 'close' });
  }
}
