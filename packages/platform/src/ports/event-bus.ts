import type { Envelope } from '@fe/contracts';

/**
 * Topics with Kafka's guarantees where they matter:
 * - `publish` returns before any handler runs (delivery is asynchronous);
 * - messages with the same key are delivered in publish order (partition = hash(key));
 * - every consumer group receives every message at least once;
 * - a failed handler gets the message again (with backoff) up to `maxAttempts`, then it goes
 *   to the dead-letter topic `<topic>.dlq` and the group moves on.
 *
 *   const sub = await bus.subscribe({ topic: 'fe.invoice.events.v1', group: 'fe.signer', handler });
 *   await bus.publish('fe.invoice.events.v1', [{ key: invoiceId, value: envelope }]);
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
};

export type SubscribeOptions = {
  topic: string;
  group: string;
  handler: (message: DeliveredMessage) => Promise<void>;
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

export interface EventBus {
  publish(topic: string, messages: readonly BusMessage[]): Promise<void>;
  subscribe(options: SubscribeOptions): Promise<Subscription>;
  close(): Promise<void>;
}
