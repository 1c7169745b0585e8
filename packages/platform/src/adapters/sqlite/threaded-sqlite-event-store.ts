import { Worker } from 'node:worker_threads';
import type { Envelope } from '@fe/contracts';
import { ConcurrencyError, PlatformError } from '../../errors.ts';
import type {
  AppendOptions,
  AppendResult,
  EventStore,
  ExpectedVersion,
  RecordedEvent,
} from '../../ports/event-store.ts';
import { WorkerCalls } from '../../threads/worker-calls.ts';
import type { StoreCall, StoreError } from './event-store-messages.ts';

type Call = StoreCall extends infer C ? (C extends { id: number } ? Omit<C, 'id'> : never) : never;

/**
 * SqliteEventStore on its own thread: with `synchronous = FULL` each commit waits for an fsync, which on the
 * service's thread blocks the event loop. Same durability, group commit, same contract suite.
 */
export class ThreadedSqliteEventStore implements EventStore {
  private readonly calls: WorkerCalls<Call, StoreError>;

  constructor(path: string) {
    const worker = new Worker(new URL('./event-store-thread.ts', import.meta.url), {
      name: 'fe-event-store',
      workerData: { path },
      resourceLimits: { maxYoungGenerationSizeMb: 8 },
    });
    this.calls = new WorkerCalls(worker, {
      fromWorker: toError,
      unavailable: (reason) =>
        new PlatformError(
          'STORE_UNAVAILABLE',
          reason === 'closed' ? 'the event store is closed' : `the event store: ${reason}`,
          true,
        ),
    });
  }

  append(
    stream: string,
    events: readonly Envelope[],
    expected: ExpectedVersion,
    options?: AppendOptions,
  ): Promise<AppendResult> {
    if (events.length === 0) return Promise.reject(new RangeError('append needs at least one event'));
    return this.calls.call({ op: 'append', stream, events, expected, options }) as Promise<AppendResult>;
  }

  read(stream: string): Promise<{ version: bigint | 'no_stream'; events: RecordedEvent[] }> {
    return this.calls.call({ op: 'read', stream }) as Promise<{
      version: bigint | 'no_stream';
      events: RecordedEvent[];
    }>;
  }

  readAll(options?: { after?: bigint; limit?: number }): Promise<RecordedEvent[]> {
    return this.calls.call({ op: 'readAll', options }) as Promise<RecordedEvent[]>;
  }

  head(): Promise<bigint> {
    return this.calls.call({ op: 'head' }) as Promise<bigint>;
  }

  close(): Promise<void> {
    return this.calls.close({ op: 'close' });
  }
}

function toError(error: StoreError): Error {
  switch (error.kind) {
    case 'concurrency':
      return new ConcurrencyError(error.stream, error.expected, error.actual);
    case 'platform':
      return new PlatformError(error.code, error.message, error.retriable);
    case 'other':
      return new Error(error.message);
  }
}
