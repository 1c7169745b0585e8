import {
  deadLetterHeaders,
  deadLetterMessage,
  PlatformError,
  type BusMessage,
  type DeadLetterInput,
  type DeadLetterStore,
  type EventBus,
  type Logger,
  type RedriveOutcome,
  type RedriveRequest,
  type SubscribeOptions,
  type Subscription,
  type SubscriptionStatus,
} from '@fe/platform';
import { Kafka, logLevel, type KafkaMessage, type Message, type Producer, type Transaction } from 'kafkajs';
import type { EnvelopeCodec } from '../codec/envelope-codec.ts';
import { KafkaBusError } from '../errors.ts';
import { GroupMember } from './group-member.ts';
import { kafkajsLogCreator } from './kafkajs-log.ts';
import { TopicAdmin } from './topic-admin.ts';

export type KafkaEventBusOptions = {
  /** `host:port` of the bootstrap brokers. */
  brokers: readonly string[];
  /** Envelope ↔ message value (SchemaRegistryCodec: the Confluent wire format with registered schemas). */
  codec: EnvelopeCodec;
  /** Names this process to the brokers (logs, quotas). Default `fe`. */
  clientId?: string;
  /** Partitions of a topic the bus creates (contracts/topology.ts gives each topic's). Default 6. */
  partitionsOf?: (topic: string) => number;
  /** Prefixed to every consumer group id (tests keep their groups apart with it). Default none. */
  groupIdPrefix?: string;
  /**
   * Prefixed to every topic on the broker, `.dlq` included, so deployments or test runs sharing a Kafka never read
   * each other's events; the port's names do not change.
   */
  topicPrefix?: string;
  /** Where a dead letter is kept before its group commits past it (as the in-process bus). */
  deadLetters?: Pick<DeadLetterStore, 'keep'>;
  now?: () => Date;
  logger?: Logger;
  /**
   * Member liveness: a member silent this long is dropped and its partitions reassigned. Default 30 000 ms: on a
   * loaded CPU a process stalls for seconds, and each drop pauses the whole group for a rebalance.
   */
  sessionTimeoutMs?: number;
  /** Default 3 000 ms (a third of the session timeout or less). */
  heartbeatIntervalMs?: number;
  /**
   * How long `subscribe` waits for the group to take the new member in; past it, `subscribe` resolves anyway and
   * `subscriptions()` says when it joined. Default 30 000 ms.
   */
  joinWaitMs?: number;
  /**
   * How many times kafkajs retries a request (backing off from 100 ms to 2 s) before a publish gives
   * `BROKER_UNAVAILABLE`. Default 30.
   */
  retries?: number;
  /**
   * How often a member commits the offsets it has handled: one commit for all its partitions, instead of one per
   * message. A crash redelivers what was handled since (handlers are idempotent, docs/events.md); a stop and a
   * rebalance commit first. 0 commits after each handler. Default 500 ms.
   */
  commitIntervalMs?: number;
  /**
   * How long a fetch waits for new messages (one arriving ends it at once); also how long a stop may wait for the
   * fetch in flight. Default 1 000 ms: an idle member wakes once a second, not ten times.
   */
  maxWaitTimeMs?: number;
  /**
   * The fence between relays of one name (docs/platform.md, "Two relays at once"): each `publish` is a transaction,
   * and a newer bus with the same id makes this one's fail with PUBLISH_FENCED, its uncommitted messages discarded.
   */
  transactionalId?: string;
  /** The kafkajs client to use instead of one made from `brokers` (a test's client with scripted failures). */
  client?: Kafka;
  /**
   * Runs each step of a publish (encoding, topic check, producer start, send) as a traced step: a first publish that
   * starts the producer shows where its time went. Default: runs it.
   */
  step?: <T>(name: string, work: () => Promise<T>) => Promise<T>;
};

/**
 * The event bus on Kafka. `publish` resolves once the broker acknowledged every message (idempotent producer,
 * one request in flight), which is what the relay may checkpoint past; consumers commit after the handler.
 *
 *   await bus.subscribe({ topic: 'fe.invoice.events.v1', group: 'fe.signer', handler });
 */
export class KafkaEventBus implements EventBus {
  private readonly kafka: Kafka;
  private readonly options: KafkaEventBusOptions;
  private readonly topics: TopicAdmin;
  private readonly members = new Map<string, GroupMember[]>();
  /** Every member from its start to its stop, joined or not (the "subscriptions" capability). */
  private readonly live = new Map<GroupMember, { topic: string; group: string }>();
  private producer: Promise<Producer> | undefined;
  /** Transactions of one producer go one at a time (kafkajs refuses a second open one). */
  private sending: Promise<unknown> = Promise.resolve();
  private closed = false;

  constructor(options: KafkaEventBusOptions) {
    this.options = options;
    this.kafka =
      options.client ??
      new Kafka({
        clientId: options.clientId ?? 'fe',
        brokers: [...options.brokers],
        // kafkajs's own warnings and errors go to the bus's logger (a broker restart logs its reconnects there).
        logLevel: options.logger ? logLevel.WARN : logLevel.NOTHING,
        logCreator: kafkajsLogCreator(options.logger),
        // Reconnects back off up to 2 s; 30 of them (about a minute) ride out a broker restart before a dead one is
        // reported.
        retry: { initialRetryTime: 100, maxRetryTime: 2000, retries: options.retries ?? 30 },
      });
    const partitionsOf = options.partitionsOf ?? (() => 6);
    const prefix = options.topicPrefix ?? '';
    this.topics = new TopicAdmin(this.kafka.admin(), (onBroker) => partitionsOf(onBroker.slice(prefix.length)));
  }

  async publish(topic: string, messages: readonly BusMessage[]): Promise<void> {
    if (this.closed) throw new PlatformError('BUS_CLOSED', 'the bus is closed', false);
    if (messages.length === 0) return;
    const step = this.options.step ?? ((_name, work) => work());
    const values = await step('kafka encode', () =>
      Promise.all(messages.map((m) => this.options.codec.encode(m.value))),
    );
    try {
      const onBroker = this.onBroker(topic);
      await step('kafka topic check', () => this.topics.ensure(onBroker));
      const sent = messages.map((m, i) => ({
        key: m.key,
        value: values[i]!,
        ...(m.headers ? { headers: { ...m.headers } } : {}),
      }));
      await step('kafka send', () => this.send(onBroker, sent));
    } catch (error) {
      throw publishError(error, `publishing ${messages.length} message(s) to ${topic}`);
    }
  }

  async subscribe(options: SubscribeOptions): Promise<Subscription> {
    if (this.closed) throw new PlatformError('BUS_CLOSED', 'the bus is closed', false);
    const { topic, group } = options;
    const groupId = `${this.options.groupIdPrefix ?? ''}${group}`;
    const onBroker = this.onBroker(topic);
    await this.topics.ensure(onBroker);
    if ((options.from ?? 'earliest') === 'latest') await this.topics.startGroupAtEnd(groupId, onBroker);
    const createConsumer = () =>
      this.kafka.consumer({
        groupId,
        sessionTimeout: this.options.sessionTimeoutMs ?? 30_000,
        heartbeatInterval: this.options.heartbeatIntervalMs ?? 3000,
        maxWaitTimeInMs: this.options.maxWaitTimeMs ?? 1000,
        allowAutoTopicCreation: false,
      });
    const member = new GroupMember(
      {
        topic,
        onBroker,
        group,
        handler: options.handler,
        wanted: options.wanted,
        maxAttempts: options.maxAttempts ?? 5,
        retryBackoffMs: options.retryBackoffMs ?? 50,
        joinWaitMs: this.options.joinWaitMs ?? 30_000,
        commitIntervalMs: this.options.commitIntervalMs ?? 500,
      },
      {
        createConsumer,
        codec: this.options.codec,
        logger: this.options.logger,
        deadLetter: (letter) => this.deadLetter(letter),
        deadLetterFailed: (error, letter) =>
          this.options.logger?.error(
            {
              err: error,
              group: letter.group,
              topic: letter.topic,
              event_id: letter.message.value.id,
              invoice_id: letter.message.value.invoice_id,
            },
            'could not keep a dead letter; the partition waits and tries again',
          ),
        forwardUnreadable: (message, reason) => this.forwardUnreadable(topic, group, message, reason),
      },
    );
    this.live.set(member, { topic, group });
    try {
      // Resolves once the member is in the group, so what is published next is delivered without a rebalance under way.
      await member.start(this.options.partitionsOf?.(topic) ?? 6);
    } catch (error) {
      this.live.delete(member);
      throw error;
    }
    const key = `${topic}\u0000${group}`;
    this.members.set(key, [...(this.members.get(key) ?? []), member]);
    return {
      stop: async () => {
        this.members.set(
          key,
          (this.members.get(key) ?? []).filter((m) => m !== member),
        );
        this.live.delete(member);
        await member.stop();
      },
    };
  }

  /**
   * The "subscriptions" capability (ports/event-bus.ts): each member's place in its group now (group-membership.ts).
   */
  subscriptions(): SubscriptionStatus[] {
    return [...this.live].map(([member, { topic, group }]) => {
      const state = member.state;
      return { topic, group, joined: state.joined, partitions: state.joined ? state.partitions : 0 };
    });
  }

  /**
   * The "re-drive" capability: the letter goes straight to a running member of its group here. Republishing would
   * reach every group again and the re-driver could not learn what became of it. `not_run` when no member runs here.
   */
  async redrive(letter: RedriveRequest): Promise<RedriveOutcome> {
    if (this.closed) return { outcome: 'not_run', reason: 'the bus is closed' };
    const member = this.members.get(`${letter.topic}\u0000${letter.group}`)?.find((m) => m.running);
    if (!member)
      return { outcome: 'not_run', reason: `no member of ${letter.group} on ${letter.topic} in this process` };
    return member.redrive(letter.message);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    const members = [...this.members.values()].flat();
    this.members.clear();
    this.live.clear();
    await Promise.all(members.map((m) => m.stop()));
    if (this.producer) await (await this.producer.catch(() => undefined))?.disconnect();
    await this.topics.disconnect();
  }

  /** One send, acknowledged by every in-sync replica; with a `transactionalId`, one committed transaction. */
  private async send(topic: string, messages: Message[]): Promise<void> {
    const step = this.options.step ?? ((_name, work) => work());
    const producer = this.producer
      ? await this.producer
      : await step('kafka producer start', () => this.connectedProducer());
    if (!this.options.transactionalId) {
      await producer.send({ topic, acks: -1, messages });
      return;
    }
    const turn = this.sending.then(async () => {
      let transaction: Transaction | undefined;
      try {
        transaction = await producer.transaction();
        await transaction.send({ topic, acks: -1, messages });
        await transaction.commit();
      } catch (error) {
        await transaction?.abort().catch(() => undefined);
        // kafkajs leaves a producer whose commit or abort failed in a state no transaction can leave, and a fenced
        // one is done for: the next publish starts a new producer, whose start aborts what this one left open.
        this.dropProducer(producer);
        throw error;
      }
    });
    this.sending = turn.catch(() => undefined);
    await turn;
  }

  private dropProducer(producer: Producer): void {
    this.producer = undefined;
    void producer.disconnect().catch(() => undefined);
  }

  private connectedProducer(): Promise<Producer> {
    this.producer ??= (async () => {
      const producer = this.kafka.producer({
        idempotent: true,
        maxInFlightRequests: 1,
        allowAutoTopicCreation: false,
        ...(this.options.transactionalId ? { transactionalId: this.options.transactionalId } : {}),
      });
      await producer.connect();
      return producer;
    })();
    this.producer.catch(() => (this.producer = undefined));
    return this.producer;
  }

  /** The topic's name on the broker. */
  private onBroker(topic: string): string {
    return `${this.options.topicPrefix ?? ''}${topic}`;
  }

  /** Durable first (if configured), then `<topic>.dlq` for its subscribers; the caller commits after both. */
  private async deadLetter(letter: DeadLetterInput): Promise<void> {
    await this.options.deadLetters?.keep(letter, (this.options.now ?? (() => new Date()))());
    await this.publish(`${letter.topic}.dlq`, [deadLetterMessage(letter)]);
  }

  /**
   * A message no handler can read is not an envelope, so no `DeadLetterStore` letter: it goes to `<topic>.dlq` byte for
   * byte, with why.
   */
  private async forwardUnreadable(topic: string, group: string, message: KafkaMessage, reason: string): Promise<void> {
    this.options.logger?.error(
      { topic, group, offset: message.offset, reason },
      'a message could not be read; forwarded to the dead-letter topic as it came',
    );
    const dlq = this.onBroker(`${topic}.dlq`);
    await this.topics.ensure(dlq);
    await this.send(dlq, [
      {
        key: message.key,
        value: message.value,
        headers: {
          ...message.headers,
          [deadLetterHeaders.originalTopic]: topic,
          [deadLetterHeaders.group]: group,
          [deadLetterHeaders.error]: reason,
          [deadLetterHeaders.attempts]: '0',
        },
      },
    ]);
  }
}

/**
 * kafkajs marks each error retriable or not; retries it gave up on (`KafkaJSNumberOfRetriesExceeded`,
 * itself final) were retriable ones: the broker is away, not refusing.
 */
function publishError(error: unknown, doing: string): KafkaBusError {
  if (isFenced(error)) {
    return new KafkaBusError(
      'PUBLISH_FENCED',
      `${doing}: a newer producer with the same transactional id took over; nothing of this publish is delivered`,
      false,
      { cause: error },
    );
  }
  // kafkajs calls "no broker answered the coordinator lookup" (a transactional publish during a
  // broker restart) final too, but it is the broker being away, as retries exhausted are.
  const away = [...causes(error)].some(
    (e) => e.name === 'KafkaJSNumberOfRetriesExceeded' || e.name === 'KafkaJSGroupCoordinatorNotFound',
  );
  const final = error instanceof Error && (error as { retriable?: unknown }).retriable === false && !away;
  return final
    ? new KafkaBusError('PUBLISH_REFUSED', `${doing}: the broker refused it (${error.message})`, false, {
        cause: error,
      })
    : new KafkaBusError('BROKER_UNAVAILABLE', `${doing}: the broker did not acknowledge`, true, { cause: error });
}

/**
 * The broker's answer to a producer whose transactional id a newer one took (kafkajs may wrap it in its retry error).
 */
function isFenced(error: unknown): boolean {
  return [...causes(error)].some((e) => {
    const type = (e as { type?: unknown }).type;
    return type === 'INVALID_PRODUCER_EPOCH' || type === 'PRODUCER_FENCED';
  });
}

/** The error and what it wraps (kafkajs keeps the original as `cause` or `originalError`). */
function* causes(error: unknown): Generator<Error> {
  for (let e = error, depth = 0; e instanceof Error && depth < 10; depth++) {
    yield e;
    e = (e as { cause?: unknown }).cause ?? (e as { originalError?: unknown }).originalError;
  }
}
