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
import type { StoreCall, StoreError, StoreReply } from './event-store-messages.ts';

type Call = StoreCall extends infer C ? (C extends { id: number } ? Omit<C, 'id'> : never) : never;

/**
 * SqliteEventStore on its own thread: with `synchronous = FULL` each commit waits for an fsync, which on the
 * service's thread blocks the event loop. Same durability, group commit, same contract suite.
 */
export class ThreadedSqliteEventStore implements EventStore {
  private readonly worker: Worker;
  private readonly pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: unknown) => void }>();
  private nextId = 1;
  private closed = false;

  constructor(path: string) {
    this.worker = new Worker(new URL('./event-store-thread.ts', import.meta.url), {
      name: 'fe-event-store',
      workerData: { path },
      resourceLimits: { maxYoungGenerationSizeMb: 8 },
    });
    this.worker.on('message', (reply: StoreReply) => {
      const waiter = this.pending.get(reply.id);
      if (!waiter) return;
      this.pending.delete(reply.id);
      if (reply.ok) waiter.resolve(reply.value);
      else waiter.reject(toError(reply.error));
    });
    const failAll = (reason: string) => {
      this.closed = true;
      for (const waiter of this.pending.values()) waiter.reject(new PlatformError('STORE_UNAVAILABLE', reason, true));
      this.pending.clear();
    };
    this.worker.on('error', () => failAll('the event store thread failed'));
    this.worker.on('exit', () => failAll('the event store thread stopped'));
  }

  append(
    stream: string,
    events: readonly Envelope[],
    expected: ExpectedVersion,
    options?: AppendOptions,
  ): Promise<AppendResult> {
    if (events.length === 0) return Promise.reject(new RangeError('append needs at least one event'));
    return this.call({ op: 'append', stream, events, expected, options }) as Promise<AppendResult>;
  }

  read(stream: string): Promise<{ version: bigint | 'no_stream'; events: RecordedEvent[] }> {
    return this.call({ op: 'read', stream }) as Promise<{ version: bigint | 'no_stream'; events: RecordedEvent[] }>;
  }

  readAll(options?: { after?: bigint; limit?: number }): Promise<RecordedEvent[]> {
    return this.call({ op: 'readAll', options }) as Promise<RecordedEvent[]>;
  }

  head(): Promise<bigint> {
    return this.call({ op: 'head' }) as Promise<bigint>;
  }

  async close(): Promise<void> {
    if (this.closed) return;
    await this.call({ op: 'close' }).catch(() => undefined);
    this.closed = true;
    await this.worker.terminate();
  }

  private call(call: Call): Promise<unknown> {
    if (this.closed) return Promise.reject(new PlatformError('STORE_UNAVAILABLE', 'the event store is closed', true));
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ ...call, id });
    });
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
