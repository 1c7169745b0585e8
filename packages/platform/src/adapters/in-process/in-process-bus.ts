import { PlatformError } from '../../errors.ts';
import type { DeadLetterInput, DeadLetterStore } from '../../ports/dead-letter-store.ts';
import type { Logger } from '../../ports/logger.ts';
import { deadLetterMessage } from '../../delivery/deliver.ts';
import type {
  BusMessage,
  EventBus,
  RedriveOutcome,
  RedriveRequest,
  SubscribeOptions,
  Subscription,
} from '../../ports/event-bus.ts';
import { GroupConsumer } from './group-consumer.ts';
import { PartitionLog, partitionFor } from './partition-log.ts';

/**
 * The embedded bus with Kafka's semantics in one process (ports/event-bus.ts). Handlers never run inside
 * `publish`, so code that only works when they already ran fails here as it would on Kafka.
 */
export class InProcessEventBus implements EventBus {
  private readonly topics = new Map<string, PartitionLog[]>();
  private readonly groups = new Map<string, GroupConsumer>();
  private readonly partitions: number;
  private readonly deadLetters: Pick<DeadLetterStore, 'keep'> | undefined;
  private readonly now: () => Date;
  private readonly logger: Logger | undefined;
  private readonly retainWithoutGroups: bigint;
  private closed = false;

  constructor(
    options: {
      partitions?: number;
      deadLetters?: Pick<DeadLetterStore, 'keep'>;
      now?: () => Date;
      logger?: Logger;
      retainWithoutGroups?: number;
    } = {},
  ) {
    this.partitions = options.partitions ?? 6;
    this.retainWithoutGroups = BigInt(options.retainWithoutGroups ?? 4096);
    this.deadLetters = options.deadLetters;
    this.now = options.now ?? (() => new Date());
    this.logger = options.logger;
  }

  async publish(topic: string, messages: readonly BusMessage[]): Promise<void> {
    if (this.closed) throw new PlatformError('BUS_CLOSED', 'the bus is closed', false);
    const logs = this.logs(topic);
    for (const message of messages) logs[partitionFor(message.key, logs.length)]!.append(message);
    setImmediate(() => this.wakeTopic(topic));
  }

  async subscribe(options: SubscribeOptions): Promise<Subscription> {
    if (this.closed) throw new PlatformError('BUS_CLOSED', 'the bus is closed', false);
    const id = `${options.topic}\u0000${options.group}`;
    let group = this.groups.get(id);
    if (!group) {
      group = new GroupConsumer(
        this.logs(options.topic),
        {
          topic: options.topic,
          group: options.group,
          maxAttempts: options.maxAttempts ?? 5,
          retryBackoffMs: options.retryBackoffMs ?? 50,
        },
        options.from ?? 'earliest',
        { keep: (letter) => this.deadLetter(letter), failed: (error, letter) => this.deadLetterFailed(error, letter) },
      );
      this.groups.set(id, group);
    }
    const { wanted, handler: given } = options;
    const handler: typeof given = wanted ? async (m) => void (wanted(m) && (await given(m))) : given;
    const joined = group;
    // A subscription stopped before this turn comes must not join after all: it would stay a member
    // for the life of the bus, handling the group's messages with a stopped service's handler.
    let stopped = false;
    setImmediate(() => {
      if (!stopped) joined.join(handler);
    });
    return {
      stop: () => {
        stopped = true;
        return joined.leave(handler);
      },
    };
  }

  /** The partition a key's messages go to (the same for every topic): tests that need two keys apart use it. */
  partitionOf(key: string): number {
    return partitionFor(key, this.partitions);
  }

  /**
   * The "settled through" capability (ports/event-bus.ts): the first message a group still needs in each
   * partition bounds what the relay may checkpoint past.
   */
  settledThrough(topic: string, lastPublished: bigint, positionHeader = 'x-store-position'): bigint {
    const consumers = this.groupsOf(topic);
    if (consumers.length === 0) return lastPublished;
    let settled = lastPublished;
    this.logs(topic).forEach((log, partition) => {
      const needed = consumers.reduce(
        (min, g) => (g.committed(partition) < min ? g.committed(partition) : min),
        log.end,
      );
      const header = needed < log.end ? log.at(needed)?.headers?.[positionHeader] : undefined;
      if (header !== undefined && BigInt(header) - 1n < settled) settled = BigInt(header) - 1n;
    });
    return settled;
  }

  /**
   * The "re-drive" capability (ports/event-bus.ts): hands a dead letter back to the group that gave up on it (see
   * GroupConsumer.redrive). A group with no running member in this process answers `not_run`.
   */
  async redrive(letter: RedriveRequest): Promise<RedriveOutcome> {
    if (this.closed) return { outcome: 'not_run', reason: 'the bus is closed' };
    const group = this.groups.get(`${letter.topic}\u0000${letter.group}`);
    if (!group) return { outcome: 'not_run', reason: `no group ${letter.group} on ${letter.topic} in this process` };
    return group.redrive(letter.message);
  }

  async close(): Promise<void> {
    this.closed = true;
    await Promise.all([...this.groups.values()].map((g) => g.stopAll()));
  }

  /** Durable first (if configured), then the `<topic>.dlq` topic, Kafka's convention, for live subscribers. */
  private async deadLetter(letter: DeadLetterInput): Promise<void> {
    await this.deadLetters?.keep(letter, this.now());
    await this.publish(`${letter.topic}.dlq`, [deadLetterMessage(letter)]);
  }

  private deadLetterFailed(error: unknown, letter: DeadLetterInput): void {
    this.logger?.error(
      {
        err: error,
        group: letter.group,
        topic: letter.topic,
        event_id: letter.message.value.id,
        invoice_id: letter.message.value.invoice_id,
      },
      'could not keep a dead letter; the partition waits and tries again',
    );
  }

  private logs(topic: string): PartitionLog[] {
    let logs = this.topics.get(topic);
    if (!logs) {
      logs = Array.from({ length: this.partitions }, () => new PartitionLog());
      this.topics.set(topic, logs);
    }
    return logs;
  }

  private groupsOf(topic: string): GroupConsumer[] {
    return [...this.groups.entries()].filter(([id]) => id.startsWith(`${topic}\u0000`)).map(([, g]) => g);
  }

  private wakeTopic(topic: string): void {
    const consumers = this.groupsOf(topic);
    consumers.forEach((g) => g.wake());
    // Retention: drop what every group of this topic has consumed, or all but the newest messages if no group reads it.
    this.logs(topic).forEach((log, partition) => {
      if (consumers.length)
        log.trimBelow(
          consumers.reduce((min, g) => (g.committed(partition) < min ? g.committed(partition) : min), log.end),
        );
      else if (log.end > this.retainWithoutGroups) log.trimBelow(log.end - this.retainWithoutGroups);
    });
  }
}
