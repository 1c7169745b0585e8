import { SharedThread, type WorkerCalls } from '@fe/platform/threads';
import type { FileCounter, FileNumber, FileNumberRequest } from '../ports/file-counter.ts';
import type { CounterCall, CounterFailure } from './file-counter-messages.ts';

type Call = CounterCall extends infer C ? (C extends { id: number } ? Omit<C, 'id'> : never) : never;

/**
 * SqliteFileCounter on a worker thread and in its own file: each number is committed with an fsync (a name must
 * never be given twice, even after a power cut), which on the service's thread blocked the event loop; in the shared
 * state file it would hold that file's write lock during the fsync against the stores on the event loop. Same
 * contract suite.
 */
export class ThreadedSqliteFileCounter implements FileCounter {
  private readonly calls: WorkerCalls<Call, CounterFailure>;

  /**
   * `importFrom`: the file the counter was kept in before (the state file), copied into an empty counter once.
   * `thread`: one shared with other stores; by default a thread of its own.
   */
  constructor(path: string, options: { importFrom?: string; thread?: SharedThread } = {}) {
    const { thread = new SharedThread('fe-file-counter', { maxYoungGenerationSizeMb: 4 }), importFrom } = options;
    const module = new URL('./file-counter-thread.ts', import.meta.url);
    this.calls = thread.host<Call, CounterFailure>(
      module,
      { path, importFrom },
      {
        fromWorker: (failure) => (failure.range ? new RangeError(failure.message) : new Error(failure.message)),
        unavailable: (reason) => new Error(`the file counter is unavailable: ${reason}`),
      },
    );
  }

  allocate(request: FileNumberRequest): Promise<FileNumber> {
    return this.calls.call({ op: 'allocate', request }) as Promise<FileNumber>;
  }

  close(): Promise<void> {
    return this.calls.close({ op: 'close' });
  }
}
