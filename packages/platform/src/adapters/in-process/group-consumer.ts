import type { DeadLetterInput, RedriveOutcome } from '../../ports/dead-letter-store.ts';
import type { BusMessage, DeliveredMessage } from '../../ports/event-bus.ts';
import type { PartitionLog } from './partition-log.ts';

export type Handler = (message: DeliveredMessage) => Promise<void>;
type Settings = { topic: string; group: string; maxAttempts: number; retryBackoffMs: number };

const STOPPED = Symbol('stopped');
const HANDLED = Symbol('handled');

/**
 * A consumer group on one topic: a committed offset per partition and one sequential worker per
 * partition, so one key's messages are handled in order while other partitions go on. A failed
 * handler is retried with doubling backoff; after `maxAttempts` the message is dead-lettered and
 * the offset moves past it. The offset is committed only after the handler (or the dead-letter
 * path: the durable keep, then the `.dlq` publish) finished: at-least-once. Members: the first
 * subscriber handles every partition; the others wait and take over, from the committed offsets,
 * when it stops.
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
    logs: readonly PartitionLog[], settings: Settings, from: 'earliest' | 'latest',
    deadLetter: { keep: (letter: DeadLetterInput) => Promise<void>; failed: (error: unknown, letter: DeadLetterInput) => void },
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
    const outcome = await this.attempt(message, partition, offset);
    if (outcome === STOPPED) return STOPPED;
    if (outcome === HANDLED) return;
    const letter = { topic: this.settings.topic, group: this.settings.group, message, error: outcome.error, attempts: this.settings.maxAttempts };
    // The offset may move past the message only once it is kept: a dead-letter store that fails
    // holds the partition (retried with backoff, up to 5 s apart) rather than lose the message.
    for (let wait = Math.max(this.settings.retryBackoffMs, 1); ; wait = Math.min(wait * 2, 5000)) {
      if (this.paused) return STOPPED;
      try {
        await this.deadLetter(letter);
        return;
      } catch (error) {
        this.deadLetterFailed(error, letter);
        await sleep(wait);
      }
    }
  }

  /**
   * A dead letter handed back by an operator: the group's handler gets it again, with the same
   * attempts and backoff, outside the partition's order (the handlers decide from the event
   * stream, so a late message is harmless). Resolves with what became of it; nothing is
   * dead-lettered here, the caller keeps the letter.
   */
  async redrive(message: BusMessage): Promise<RedriveOutcome> {
    if (this.paused || this.members.length === 0) return { outcome: 'not_run', reason: 'no member of the group is running' };
    // In flight like a partition's work, so stopping the group waits for it.
    const work = this.attempt(message, -1, -1n);
    const settled = work.then(() => undefined, () => undefined);
    this.inFlight.add(settled);
    const outcome = await work.finally(() => this.inFlight.delete(settled));
    if (outcome === HANDLED) return { outcome: 'handled' };
    return outcome === STOPPED ? { outcome: 'not_run', reason: 'the group stopped' } : { outcome: 'failed', error: outcome.error };
  }

  private async attempt(message: BusMessage, partition: number, offset: bigint): Promise<typeof STOPPED | typeof HANDLED | { error: string }> {
    const { topic, maxAttempts, retryBackoffMs } = this.settings;
    let lastError = '';
    for (let attempt = 1; attempt <= maxAttempts; attempt++) {
      const handler = this.members[0];
      if (this.paused || !handler) return STOPPED;
      try {
        await handler({ ...message, topic, partition, offset, attempt });
        return HANDLED;
      } catch (error) {
        lastError = describeFailure(error);
        if (attempt < maxAttempts) await sleep(retryBackoffMs * 2 ** (attempt - 1));
      }
    }
    return { error: lastError.slice(0, 500) };
  }
}

/**
 * `Name CODE: message` for the dead-letter header and store: the stable code of a catalogued error
 * (docs/architecture.md convention 4) first, where operators look, unless the message already leads with it.
 */
function describeFailure(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const code = (error as { code?: unknown }).code;
  const coded = typeof code === 'string' && !error.message.startsWith(code) ? ` ${code}` : '';
  return `${error.name}${coded}: ${error.message}`;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
