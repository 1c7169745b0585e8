import type { Envelope } from '@fe/contracts';
import {
  attemptDelivery,
  keepUntilKept,
  type BusMessage,
  type DeadLetterInput,
  type Handler,
  type Logger,
  type RedriveOutcome,
} from '@fe/platform';
import type { Consumer, EachMessagePayload, IHeaders, KafkaMessage } from 'kafkajs';
import type { EnvelopeCodec } from '../codec/envelope-codec.ts';
import { isKafkaBusError } from '../errors.ts';
import { GroupMembership, type MembershipState } from './group-membership.ts';
import { OffsetCommitter } from './offset-committer.ts';

/**
 * `topic` is the port's name, `onBroker` the prefixed one the consumer subscribes to; `joinWaitMs` bounds how long
 * `start` waits to be taken into the group.
 */
export type MemberSettings = {
  topic: string;
  onBroker: string;
  group: string;
  handler: Handler;
  /** Judged from key and headers before decoding; a refused message is committed past (ports/event-bus.ts). */
  wanted: ((message: Pick<BusMessage, 'key' | 'headers'>) => boolean) | undefined;
  maxAttempts: number;
  retryBackoffMs: number;
  joinWaitMs: number;
  /** How often handled offsets are committed (offset-committer.ts); 0 commits after each handler. */
  commitIntervalMs: number;
};

export type MemberPorts = {
  /** A new kafkajs consumer in the group (one per start: a crashed one is replaced). */
  createConsumer(): Consumer;
  codec: EnvelopeCodec;
  logger: Logger | undefined;
  /** The durable keep, then `<topic>.dlq` (kafka-event-bus.ts). */
  deadLetter(letter: DeadLetterInput): Promise<void>;
  deadLetterFailed(error: unknown, letter: DeadLetterInput): void;
  /** A message no handler can read (unknown schema, not the wire format) goes to `<topic>.dlq` as it came. */
  forwardUnreadable(message: KafkaMessage, reason: string): Promise<void>;
};

/**
 * One group member on one topic: each partition in order, the offset committed only after the handler or the
 * dead-letter keep (at-least-once). Stopping finishes the handler in flight and leaves the group for the next.
 */
export class GroupMember {
  private stopping = false;
  private consumer: Consumer | undefined;
  private restarting: Promise<void> | undefined;
  private readonly inFlight = new Set<Promise<unknown>>();
  private readonly settings: MemberSettings;
  private readonly ports: MemberPorts;
  private readonly committer: OffsetCommitter;
  /** Each partition's end as of the fetch that brought the messages being handled (the lag's reference). */
  private readonly highWatermarks = new Map<number, bigint>();
  private readonly membership: GroupMembership;

  constructor(settings: MemberSettings, ports: MemberPorts) {
    this.settings = settings;
    this.ports = ports;
    const { topic, group } = settings;
    this.membership = new GroupMembership((state) => {
      if (this.stopping) return; // leaving on purpose
      if (state.joined) ports.logger?.info({ topic, group, partitions: state.partitions }, 'joined its consumer group');
      else ports.logger?.info({ topic, group, reason: state.reason }, 'not in its consumer group until it joins again');
    });
    this.committer = new OffsetCommitter(
      (offsets) => this.consumer!.commitOffsets(offsets),
      (error, offsets) =>
        ports.logger?.warn(
          { topic: settings.topic, group: settings.group, partitions: offsets.map((o) => o.partition), err: error },
          'offset commit refused (a rebalance?); the messages since the last commit may be delivered again',
        ),
      settings.commitIntervalMs,
    );
  }

  get running(): boolean {
    return !this.stopping;
  }

  /** In its group with its assignment now, or why not (the bus's "subscriptions" capability). */
  get state(): MembershipState {
    return this.stopping ? { joined: false, reason: 'stopped' } : this.membership.state;
  }

  /**
   * Joins the group; resolves once assigned or after `joinWaitMs`, so a slow group does not stall the start: /readyz
   * names the group's check until the member has joined.
   */
  async start(partitionsConcurrently: number): Promise<void> {
    const consumer = this.ports.createConsumer();
    this.consumer = consumer;
    this.membership.follow(consumer);
    // kafkajs restarts a consumer after a retriable crash, not after one it deems final; a broker
    // that restarted forgets the member ("the coordinator is not aware of this member"), which is
    // such a crash. The member then starts a new consumer, from the committed offsets.
    consumer.on(consumer.events.CRASH, ({ payload }) => {
      if (payload.restart || this.stopping || this.consumer !== consumer) return;
      this.ports.logger?.warn(
        { topic: this.settings.topic, group: this.settings.group, err: payload.error },
        'consumer crashed; starting a new one from the committed offsets',
      );
      this.restarting = this.restart(partitionsConcurrently);
    });
    // Emitted before the batch's messages are handled: each then knows how many follow it on its partition.
    consumer.on(consumer.events.START_BATCH_PROCESS, ({ payload }) =>
      this.highWatermarks.set(payload.partition, BigInt(payload.highWatermark)),
    );
    // Handled offsets waiting for the commit timer go out before the partitions may move to another member.
    consumer.on(consumer.events.REBALANCING, () => void this.committer.flush());
    await consumer.connect();
    await consumer.subscribe({ topics: [this.settings.onBroker], fromBeginning: true });
    const joined = this.membership.whenJoined(this.settings.joinWaitMs);
    // kafkajs's run resolves after the join, or after a crash during it (it restarts the consumer itself).
    const running = consumer.run({
      autoCommit: false,
      partitionsConsumedConcurrently: partitionsConcurrently,
      eachMessage: (payload) => this.track(this.handle(payload)),
    });
    // once the wait has run out, a late failure must not go unhandled (kafkajs reports a failed join as CRASH)
    running.catch(() => undefined);
    await Promise.race([running, joined]);
    await joined;
  }

  async stop(): Promise<void> {
    this.stopping = true;
    await this.restarting;
    while (this.inFlight.size) await Promise.allSettled([...this.inFlight]);
    await this.committer.flush();
    await this.consumer?.disconnect();
  }

  private async restart(partitionsConcurrently: number): Promise<void> {
    for (let wait = 200; !this.stopping; wait = Math.min(wait * 2, 5000)) {
      await new Promise((resolve) => setTimeout(resolve, wait));
      if (this.stopping) return;
      try {
        await this.consumer?.disconnect().catch(() => undefined);
        await this.start(partitionsConcurrently);
        return;
      } catch (error) {
        this.ports.logger?.warn(
          { topic: this.settings.topic, group: this.settings.group, err: error },
          'could not start a new consumer; trying again',
        );
      }
    }
  }

  /**
   * The re-drive capability for this member's group: the handler gets the letter again, outside the partition's order.
   */
  async redrive(message: BusMessage): Promise<RedriveOutcome> {
    if (this.stopping) return { outcome: 'not_run', reason: 'the group member stopped' };
    const result = await this.track(this.attempt(message, -1, -1n));
    return result.outcome === 'stopped' ? { outcome: 'not_run', reason: 'the group member stopped' } : result;
  }

  private async handle({ topic, partition, message, heartbeat }: EachMessagePayload): Promise<void> {
    if (this.stopping) return; // not committed: the next member gets it
    const headers = readHeaders(message.headers);
    const key = message.key?.toString() ?? '';
    if (this.settings.wanted && !this.settings.wanted({ key, ...(headers ? { headers } : {}) })) {
      this.commit(topic, partition, message.offset); // not decoded: no registry look-up, no schema check
      return;
    }
    let value: Envelope;
    try {
      value = await this.ports.codec.decode(message.value ?? Buffer.alloc(0));
    } catch (error) {
      if (!isKafkaBusError(error) || error.retriable) throw error; // the registry is down: kafkajs retries the message
      await this.ports.forwardUnreadable(message, `KafkaBusError ${error.code}: ${error.message}`);
      this.commit(topic, partition, message.offset);
      return;
    }
    const busMessage: BusMessage = { key, value, ...(headers ? { headers } : {}) };
    const offset = BigInt(message.offset);
    const end = this.highWatermarks.get(partition);
    const behind = end !== undefined && end > offset ? end - offset - 1n : undefined;
    const result = await this.attempt(busMessage, partition, offset, heartbeat, behind);
    if (result.outcome === 'stopped') return;
    if (result.outcome === 'failed') {
      const { topic: original, group, maxAttempts } = this.settings;
      const letter = { topic: original, group, message: busMessage, error: result.error, attempts: maxAttempts };
      const kept = await keepUntilKept(() => this.ports.deadLetter(letter), {
        backoffMs: this.settings.retryBackoffMs,
        stopped: () => this.stopping,
        failed: (error) => this.ports.deadLetterFailed(error, letter),
      });
      if (!kept) return;
    }
    this.commit(topic, partition, message.offset);
  }

  private attempt(
    message: BusMessage,
    partition: number,
    offset: bigint,
    heartbeat?: () => Promise<void>,
    behind?: bigint,
  ) {
    const { topic, maxAttempts, retryBackoffMs, handler } = this.settings;
    return attemptDelivery({
      delivered: { ...message, topic, partition, offset, ...(behind !== undefined ? { behind } : {}) },
      maxAttempts,
      retryBackoffMs,
      handler: () => (this.stopping ? undefined : handler),
      ...(heartbeat ? { whileWaiting: heartbeat } : {}),
    });
  }

  /** Commits past `offset`, without waiting for the broker (offset-committer.ts). */
  private commit(topic: string, partition: number, offset: string): void {
    this.committer.record(topic, partition, (BigInt(offset) + 1n).toString());
  }

  private track<T>(work: Promise<T>): Promise<T> {
    const settled = work.then(
      () => undefined,
      () => undefined,
    );
    this.inFlight.add(settled);
    void settled.then(() => this.inFlight.delete(settled));
    return work;
  }
}

/** Kafka headers are bytes; the port's are strings. */
function readHeaders(headers: IHeaders | undefined): Record<string, string> | undefined {
  if (!headers) return undefined;
  const entries = Object.entries(headers)
    .filter(([, value]) => value !== undefined)
    .map(([name, value]) => [name, (Array.isArray(value) ? value[value.length - 1] : value)!.toString()]);
  return entries.length ? Object.fromEntries(entries) : undefined;
}
