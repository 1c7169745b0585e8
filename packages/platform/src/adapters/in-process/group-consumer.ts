import { attemptDelivery, keepUntilKept, type AttemptOutcome, type Handler } from '../../delivery/deliver.ts';
import type { DeadLetterInput } from '../../ports/dead-letter-store.ts';
import type { BusMessage, RedriveOutcome } from '../../ports/event-bus.ts';
import type { PartitionLog } from './partition-log.ts';

export type { Handler } from '../../delivery/deliver.ts';
type Settings = { topic: string; group: string; maxAttempts: number; retryBackoffMs: number };

const STOPPED = Symbol('stopped');

/**
 * A consumer group on one topic: one sequential worker per partition keeps a key's order, offsets commit only
 * after the handler or the dead-letter keep (at-least-once); later members take over when the first stops.
 */
export class GroupConsumer {
  private readonly offsets: bigint[];
  private readonly members: Handler[] = [];
  private readonly running = new Set<number>();
  private readonly inFlight = new Set<Promise<void>>();
  private readonly logs: readonly PartitionLog[];
  private readonly settings: Settings;
  private readonly deadLetter: (letter: DeadLetterInput) => Promise<void>;
  private readonly deadLetterFailed: (error: unknown, letter: DeadLetterInput) => void;
  private paused = false;

  constructor(
    logs: readonly PartitionLog[],
    settings: Settings,
    from: 'earliest' | 'latest',
    deadLetter: {
      keep: (letter: DeadLetterInput) => Promise<void>;
      failed: (error: unknown, letter: DeadLetterInput) => void;
    },
  ) {
    this.logs = logs;
    this.settings = settings;
    this.deadLetter = deadLetter.keep;
    this.deadLetterFailed = deadLetter.failed;
    this.offsets = logs.map((log) => (from === 'latest' ? log.end : log.start));
  }

  /** The lowest offset the group still needs, per partition (for retention). */
  committed(partition: number): bigint {
    return this.offsets[partition]!;
  }

  join(handler: Handler): void {
    this.members.push(handler);
    this.wake();
  }

  /** Removes a member; in-flight work finishes first, then the next member (if any) goes on. */
  async leave(handler: Handler): Promise<void> {
    const index = this.members.indexOf(handler);
    if (index === -1) return;
    if (index > 0) {
      this.members.splice(index, 1);
      return;
    }
    this.paused = true;
    while (this.inFlight.size) await Promise.allSettled([...this.inFlight]);
    this.members.shift();
    this.paused = false;
    this.wake();
  }

  /** Stops the whole group (bus closing): in-flight handlers finish, nothing new starts. */
  async stopAll(): Promise<void> {
    this.paused = true;
    while (this.inFlight.size) await Promise.allSettled([...this.inFlight]);
    this.members.length = 0;
  }

  /** Starts a worker on every partition that has unconsumed messages and none running. */
  wake(): void {
    if (this.paused || this.members.length === 0) return;
    this.logs.forEach((log, partition) => {
      if (this.running.has(partition) || this.offsets[partition]! >= log.end) return;
      this.running.add(partition);
      const work: Promise<void> = this.drain(partition).finally(() => {
        this.running.delete(partition);
        this.inFlight.delete(work);
        this.wake(); // messages may have arrived while the worker was finishing
      });
      this.inFlight.add(work);
    });
  }

  private async drain(partition: number): Promise<void> {
    const log = this.logs[partition]!;
    while (!this.paused && this.members.length && this.offsets[partition]! < log.end) {
      const offset = this.offsets[partition]!;
      const message = log.at(offset);
      if (message && (await this.deliver(message, partition, offset)) === STOPPED) return; // not committed: redelivered
      this.offsets[partition] = offset + 1n;
    }
  }

  private async deliver(message: BusMessage, partition: number, offset: bigint): Promise<typeof STOPPED | void> {
    const result = await this.attempt(message, partition, offset);
    if (result.outcome === 'stopped') return STOPPED;
    if (result.outcome === 'handled') return;
    const letter = {
      topic: this.settings.topic,
      group: this.settings.group,
      message,
      error: result.error,
      attempts: this.settings.maxAttempts,
    };
    // The offset may move past the message only once it is kept.
    const kept = await keepUntilKept(() => this.deadLetter(letter), {
      backoffMs: this.settings.retryBackoffMs,
      stopped: () => this.paused,
      failed: (error) => this.deadLetterFailed(error, letter),
    });
    if (!kept) return STOPPED;
  }

  /**
   * A dead letter handed back by an operator, outside the partition's order (handlers decide from the stream, so
   * a late message is harmless). The caller keeps the letter; nothing is dead-lettered here.
   */
  async redrive(message: BusMessage): Promise<RedriveOutcome> {
    if (this.paused || this.members.length === 0)
      return { outcome: 'not_run', reason: 'no member of the group is running' };
    // In flight like a partition's work, so stopping the group waits for it.
    const work = this.attempt(message, -1, -1n);
    const settled = work.then(
      () => undefined,
      () => undefined,
    );
    this.inFlight.add(settled);
    const result = await work.finally(() => this.inFlight.delete(settled));
    return result.outcome === 'stopped' ? { outcome: 'not_run', reason: 'the group stopped' } : result;
  }

  private attempt(message: BusMessage, partition: number, offset: bigint): Promise<AttemptOutcome> {
    const { topic, maxAttempts, retryBackoffMs } = this.settings;
    return attemptDelivery({
      delivered: {
        ...message,
        topic,
        partition,
        offset,
        ...(partition >= 0 ? { behind: this.logs[partition]!.end - offset - 1n } : {}),
      },
      maxAttempts,
      retryBackoffMs,
      handler: () => (this.paused ? undefined : this.members[0]),
    });
  }
}
