import type { Envelope } from '@fe/contracts';

/**
 * Topics with Kafka's guarantees: `publish` returns before any handler runs, one key keeps publish order,
 * every group gets every message at least once, and a handler that keeps failing sends it to `<topic>.dlq`.
 */
export type BusMessage = { key: string; value: Envelope; headers?: Readonly<Record<string, string>> };

/** Headers a dead-lettered message carries on `<topic>.dlq`. */
export const deadLetterHeaders = {
  originalTopic: 'x-original-topic',
  group: 'x-dead-letter-group',
  error: 'x-dead-letter-error',
  attempts: 'x-dead-letter-attempts',
} as const;

export type DeliveredMessage = BusMessage & {
  topic: string;
  partition: number;
  offset: bigint;
  /** 1 on first delivery, 2 on the first redelivery, … */
  attempt: number;
  /**
   * The group's lag behind the partition's end, when the bus can tell cheaply (Kafka: as of the fetch that brought
   * the message).
   */
  behind?: bigint;
};

export type SubscribeOptions = {
  topic: string;
  group: string;
  handler: (message: DeliveredMessage) => Promise<void>;
  /**
   * Which messages the handler acts on; the rest are still delivered and acknowledged without work, and decorators
   * such as the tracing bus skip them.
   */
  handles?: (message: BusMessage) => boolean;
  /**
   * Which messages to hand over at all, judged from the key and headers alone (the relay's `ce_type` names the
   * event): the rest are acknowledged without reaching the handler, and Kafka skips them before decoding, so a group
   * pays next to nothing for events it does not act on. Default: every message.
   */
  wanted?: (message: Pick<BusMessage, 'key' | 'headers'>) => boolean;
  /** Where a group with no committed offset starts. Default 'earliest'. */
  from?: 'earliest' | 'latest';
  /** Deliveries before dead-lettering. Default 5. A transient storage failure is retried and not counted. */
  maxAttempts?: number;
  /** First retry delay in ms, doubled each retry. Default 50. */
  retryBackoffMs?: number;
};

export interface Subscription {
  /** Stops delivering to this group member; in-flight handlers finish first. */
  stop(): Promise<void>;
}

/**
 * Optional bus capabilities, asked for by type (`EventBus & BusCapability<'redrive'>`). A bus that cannot honour
 * one must leave it out rather than fake it.
 */
export interface EventBus {
  publish(topic: string, messages: readonly BusMessage[]): Promise<void>;
  subscribe(options: SubscribeOptions): Promise<Subscription>;
  close(): Promise<void>;

  /**
   * Capability "settled through": the highest position the bus durably accepted, past which the relay never
   * checkpoints. Without it, whatever `publish` resolved for counts as durably accepted.
   */
  settledThrough?(topic: string, lastPublished: bigint): bigint;

  /**
   * Capability "re-drive": hands a dead letter back to its group and says what became of it; `not_run` when no
   * member of the group runs in this process, so another process takes it.
   */
  redrive?(letter: RedriveRequest): Promise<RedriveOutcome>;

  /**
   * Capability "subscriptions": whether each subscription can receive messages now (/readyz `consumer-groups`).
   * A bus without it delivers from the moment `subscribe` returns.
   */
  subscriptions?(): readonly SubscriptionStatus[];
}

/**
 * One subscription of a bus: whether its consumer holds its place in the group now, and how many partitions it was
 * given.
 */
export type SubscriptionStatus = { topic: string; group: string; joined: boolean; partitions: number };

/** The letter a re-drive hands back: where the group received it, and the message as it was delivered. */
export type RedriveRequest = { topic: string; group: string; message: BusMessage };

/**
 * What a re-drive came to. handled: the group's handler succeeded; failed: it threw on every
 * attempt; not_run: no member could take it (stopping, or the group does not run in this process).
 */
export type RedriveOutcome =
  { outcome: 'handled' } | { outcome: 'failed'; error: string } | { outcome: 'not_run'; reason: string };

/** The optional capabilities a bus may offer (see EventBus). */
export type BusCapabilityName = 'settledThrough' | 'redrive' | 'subscriptions';

/** A bus that offers `name`: `EventBus & BusCapability<'redrive'>` is what the re-driver needs. */
export type BusCapability<Name extends BusCapabilityName> = Required<Pick<EventBus, Name>>;
