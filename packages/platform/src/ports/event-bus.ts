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
   * Messages already on the partition after this one (the group's lag behind the partition's end)
   * when the bus can tell cheaply: the in-process bus exactly; Kafka as of the fetch that brought
   * the message (its high watermark then), so it may lag behind by what arrived since.
   */
  behind?: bigint;
};

export type SubscribeOptions = {
  topic: string;
  group: string;
  handler: (message: DeliveredMessage) => Promise<void>;
  /**
   * Which messages the handler acts on; it acknowledges the others without work (a reaction to
   * some event types on a topic that carries them all). Delivery ignores it: every message still
   * goes to the handler. Decorators use it: the tracing bus opens no span for a skipped message.
   */
  handles?: (message: BusMessage) => boolean;
  /** Where a group with no committed offset starts. Default 'earliest'. */
  from?: 'earliest' | 'latest';
  /** Deliveries before dead-lettering. Default 5. */
  maxAttempts?: number;
  /** First retry delay in ms, doubled each retry. Default 50. */
  retryBackoffMs?: number;
};

export interface Subscription {
  /** Stops delivering to this group member; in-flight handlers finish first. */
  stop(): Promise<void>;
}

/**
 * A bus offers the optional capabilities below or not; code that needs one asks for it by type
 * (`EventBus & BusCapability<'redrive'>`), code that can do without one checks for it. A bus that
 * cannot honour a capability must leave it out rather than fake it.
 */
export interface EventBus {
  publish(topic: string, messages: readonly BusMessage[]): Promise<void>;
  subscribe(options: SubscribeOptions): Promise<Subscription>;
  close(): Promise<void>;

  /**
   * Capability "settled through": how far the relay may checkpoint. Given the last event-store
   * position the relay published on `topic` (messages carry it in the `x-store-position` header),
   * the highest position whose messages the bus has durably accepted; the relay's checkpoint never
   * moves past it, so a crash republishes the rest. A bus without it has durably accepted every
   * message `publish` resolved for (Kafka: the broker acknowledged it, acks=all), and the relay
   * checkpoints what it published. The in-process bus holds messages in memory only: for it,
   * durably accepted means finished (handled or dead-letter kept) by every consumer group.
   */
  settledThrough?(topic: string, lastPublished: bigint): bigint;

  /**
   * Capability "re-drive": hands a dead letter (from the `DeadLetterStore`) back to the consumer
   * group that gave up on it, with the group's attempts and backoff, and says what became of it
   * (dead-letters/redriver.ts removes a handled letter and keeps a failed one again). `not_run`
   * when no member of the group runs in this process: another process that runs one takes it.
   */
  redrive?(letter: RedriveRequest): Promise<RedriveOutcome>;

  /**
   * Capability "subscriptions": each subscription the bus holds now and whether it can receive
   * messages. Kafka: its group member has joined the group and holds its assignment (zero
   * partitions included, when the group has more members than partitions); a rebalance or a crash
   * clears it until the member has joined again. A service process is ready only while all have
   * (/readyz, the `consumer-groups` check). A bus without it delivers to a subscription from the
   * moment `subscribe` returns (the in-process bus): always ready.
   */
  subscriptions?(): readonly SubscriptionStatus[];
}

/** One subscription of a bus: whether its consumer holds its place in the group now, and how many partitions it was given. */
export type SubscriptionStatus = { topic: string; group: string; joined: boolean; partitions: number };

/** The letter a re-drive hands back: where the group received it, and the message as it was delivered. */
export type RedriveRequest = { topic: string; group: string; message: BusMessage };

/**
 * What a re-drive came to. handled: the group's handler succeeded; failed: it threw on every
 * attempt; not_run: no member could take it (stopping, or the group does not run in this process).
 */
export type RedriveOutcome = { outcome: 'handled' } | { outcome: 'failed'; error: string } | { outcome: 'not_run'; reason: string };

/** The optional capabilities a bus may offer (see EventBus). */
export type BusCapabilityName = 'settledThrough' | 'redrive' | 'subscriptions';

/** A bus that offers `name`: `EventBus & BusCapability<'redrive'>` is what the re-driver needs. */
export type BusCapability<Name extends BusCapabilityName> = Required<Pick<EventBus, Name>>;
