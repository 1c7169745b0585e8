import type { Envelope } from '@fe/contracts';
import { ConcurrencyError, PlatformError } from '../../errors.ts';
import type {
  AppendOptions,
  AppendResult,
  EventStore,
  ExpectedVersion,
  RecordedEvent,
} from '../../ports/event-store.ts';
import { SharedThread } from '../../threads/shared-thread.ts';
import type { WorkerCalls } from '../../threads/worker-calls.ts';
import type { StoreCall, StoreError } from './event-store-messages.ts';

type Call = StoreCall extends infer C ? (C extends { id: number } ? Omit<C, 'id'> : never) : never;

/**
 * SqliteEventStore on a worker thread: with `synchronous = FULL` each commit waits for an fsync, which on the
 * service's thread blocks the event loop. Same durability, group commit, same contract suite. `thread`: one shared
 * with other stores; by default a thread of its own.
 */
export class ThreadedSqliteEventStore implements EventStore {
  private readonly calls: WorkerCalls<Call, StoreError>;

  constructor(path: string, thread = new SharedThread('fe-event-store', { maxYoungGenerationSizeMb: 8 })) {
    this.calls = thread.host<Call, StoreError>(
      new URL('./event-store-thread.ts', import.meta.url),
      { path },
      {
        fromWorker: toError,
        unavailable: (reason) =>
          new PlatformError(
            'STORE_UNAVAILABLE',
            reason === 'closed' ? 'the event store is closed' : `the event store: ${reason}`,
            true,
          ),
      },
    );
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
