import { PlatformError } from '../../errors.ts';
import type { BusMessage, EventBus, SubscribeOptions, Subscription } from '../../ports/event-bus.ts';
import { GroupConsumer } from './group-consumer.ts';
import { PartitionLog, partitionFor } from './partition-log.ts';

/**
 * The embedded event bus: Kafka's semantics in one process (see ports/event-bus.ts). Not a test
 * double: the all-in-one service runs on it. Unlike emmett's in-memory bus, handlers never run
 * inside `publish` — delivery starts on a later turn of the event loop, so code that only works
 * when the handler has already run fails here as it would on Kafka.
 *
 * Messages live in memory: durability comes from the event store and the relay's checkpoint.
 */
export class InProcessEventBus implements EventBus {
  private readonly topics = new Map<string, PartitionLog[]>();
  private readonly groups = new Map<string, GroupConsumer>();
  private readonly partitions: number;
  private closed = false;

  constructor(options: { partitions?: number } = {}) {
    this.partitions = options.partitions ?? 6;
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
        { topic: options.topic, group: options.group, maxAttempts: options.maxAttempts ?? 5, retryBackoffMs: options.retryBackoffMs ?? 50 },
        (message) => this.publish(`${options.topic}.dlq`, [message]),
        options.from ?? 'earliest',
      );
      this.groups.set(id, group);
    }
    const handler = options.handler;
    const joined = group;
    setImmediate(() => joined.join(handler));
    return { stop: () => joined.leave(handler) };
  }

  /**
   * For the relay's checkpoint (relay.ts): the highest event-store position such that every
   * message up to it, on `topic`, was finished by every consumer group. Messages must carry the
   * relay's position header; each partition holds them in position order, so the first message a
   * group still needs in each partition bounds what is settled.
   */
  settledThrough(topic: string, lastPublished: bigint, positionHeader = 'x-store-position'): bigint {
    const consumers = this.groupsOf(topic);
    if (consumers.length === 0) return lastPublished;
    let settled = lastPublished;
    this.logs(topic).forEach((log, partition) => {
      const needed = consumers.reduce((min, g) => (g.committed(partition) < min ? g.committed(partition) : min), log.end);
      const header = needed < log.end ? log.at(needed)?.headers?.[positionHeader] : undefined;
      if (header !== undefined && BigInt(header) - 1n < settled) settled = BigInt(header) - 1n;
    });
    return settled;
  }

  async close(): Promise<void> {
    this.closed = true;
    await Promise.all([...this.groups.values()].map((g) => g.stopAll()));
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
    // Retention: drop what every group of this topic has consumed.
    this.logs(topic).forEach((log, partition) => {
      if (consumers.length) log.trimBelow(consumers.reduce((min, g) => (g.committed(partition) < min ? g.committed(partition) : min), log.end));
    });
  }
}
