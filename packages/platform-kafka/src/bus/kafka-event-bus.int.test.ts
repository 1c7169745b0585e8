import { envelopeSchema } from '@fe/contracts';
import {
  deadLetterHeaders,
  SqliteCheckpointStore,
  SqliteDeadLetterStore,
  SqliteEventStore,
  startDeadLetterRedriver,
  startRelay,
  type DeadLetterInput,
  type DeliveredMessage,
  type EventBus,
  type Logger,
} from '@fe/platform';
import { eventBusContract, sampleEnvelope } from '@fe/platform/testing';
import { Kafka, logLevel } from 'kafkajs';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { kafkaBrokers, schemaRegistryUrl, unique } from '../../test-support/servers.ts';
import { SchemaRegistryCodec } from '../codec/schema-registry-codec.ts';
import { KafkaEventBus, type KafkaEventBusOptions } from './kafka-event-bus.ts';

// The contract suites publish `InvoiceSubmitted` envelopes whose data is `{ n }`: registered under
// a namespace of this run's own, so they never meet the real contracts' subjects.
const testContracts = {
  'InvoiceSubmitted.v1': envelopeSchema('InvoiceSubmitted', 1, z.object({ n: z.number().int() })),
  'Oversized.v1': envelopeSchema('Oversized', 1, z.object({ text: z.string() })),
};
const namespace = unique('fe.test.events');

function kafkaBus(options: Partial<KafkaEventBusOptions> = {}): KafkaEventBus {
  return new KafkaEventBus({
    brokers: kafkaBrokers(),
    codec: new SchemaRegistryCodec({ url: schemaRegistryUrl(), contracts: testContracts, namespace }),
    groupIdPrefix: `${unique('run')}.`,
    partitionsOf: () => 3,
    heartbeatIntervalMs: 300,
    sessionTimeoutMs: 6000,
    ...options,
  });
}

eventBusContract('kafka', () => kafkaBus(), { waitMs: 30_000 });
// The relay's bus publishes in transactions (docs/platform.md, "Two relays at once"); dead letters then go through them
// too.
eventBusContract('kafka, transactional publishing', () => kafkaBus({ transactionalId: unique('relay.contract') }), {
  waitMs: 30_000,
});

describe('KafkaEventBus, beyond the contract', () => {
  const n = (m: DeliveredMessage) => (m.value.data as { n: number }).n;
  const msg = (key: string, i: number) => ({
    key,
    value: sampleEnvelope(key, 'InvoiceSubmitted', { n: i }),
    headers: { 'x-store-position': String(i) },
  });
  const buses: KafkaEventBus[] = [];
  const open = (options: Partial<KafkaEventBusOptions> = {}) => {
    const bus = kafkaBus(options);
    buses.push(bus);
    return bus;
  };
  afterEach(async () => {
    await Promise.all(buses.splice(0).map((b) => b.close()));
  });

  it('says which subscriptions hold their place in their group: joined with the assignment, zero partitions included when the group has more members than partitions', async () => {
    const topic = unique('test.membership');
    const bus = open({ partitionsOf: () => 1 });
    const first = await bus.subscribe({ topic, group: 'g', handler: async () => undefined });
    expect(bus.subscriptions()).toEqual([{ topic, group: 'g', joined: true, partitions: 1 }]);
    // A second member of the same group: one partition for two, and both are in the group once it has settled.
    await bus.subscribe({ topic, group: 'g', handler: async () => undefined });
    const deadline = Date.now() + 30_000;
    while (!bus.subscriptions().every((s) => s.joined) && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 100));
    expect(
      bus
        .subscriptions()
        .map((s) => [s.joined, s.partitions])
        .sort(),
    ).toEqual([
      [true, 0],
      [true, 1],
    ]);
    await first.stop();
    expect(bus.subscriptions()).toHaveLength(1);
  });

  it('keeps a dead letter before committing past it: a member that stops before the keep finishes leaves the message to the next member', async () => {
    const topic = unique('test.dlq-keep');
    const kept: DeadLetterInput[] = [];
    let keepCalls = 0;
    let releaseFirstKeep!: () => void;
    const firstKeep = new Promise<void>((r) => (releaseFirstKeep = r));
    const bus = open({
      deadLetters: {
        keep: async (letter) => {
          if (++keepCalls === 1) {
            await firstKeep;
            throw new Error('disk full'); // the first keep never succeeds
          }
          kept.push(letter);
        },
      },
    });
    const handled: number[] = [];
    const first = await bus.subscribe({
      topic,
      group: 'g',
      maxAttempts: 2,
      retryBackoffMs: 1,
      handler: async (m) => {
        if (n(m) === 1) throw new Error('POISON');
        handled.push(n(m));
      },
    });
    await bus.publish(topic, [msg('k', 1), msg('k', 2)]);
    await expect.poll(() => keepCalls, { timeout: 30_000 }).toBe(1);
    expect(handled).toEqual([]); // message 2 waits behind the letter being kept
    // The member stops while its keep is failing: nothing was committed past message 1.
    const stopping = first.stop();
    releaseFirstKeep();
    await stopping;
    await bus.subscribe({
      topic,
      group: 'g',
      maxAttempts: 2,
      retryBackoffMs: 1,
      handler: async (m) => {
        if (n(m) === 1) throw new Error('POISON');
        handled.push(n(m));
      },
    });
    await expect.poll(() => handled, { timeout: 30_000 }).toEqual([2]);
    expect(kept).toHaveLength(1);
    expect(kept[0]).toMatchObject({ topic, group: 'g', error: 'Error: POISON', attempts: 2 });
    expect(kept[0]!.message.headers).toEqual({ 'x-store-position': '1' });
  });

  it('re-drives a letter to a running member of its group in this process, and says not_run where none runs', async () => {
    const topic = unique('test.redrive');
    const bus = open();
    let healthy = false;
    const attempts: number[] = [];
    await bus.subscribe({
      topic,
      group: 'g',
      maxAttempts: 2,
      retryBackoffMs: 1,
      handler: async (m) => {
        attempts.push(m.attempt);
        if (!healthy) throw new Error('CERTIFICATE_EXPIRED');
      },
    });
    const letter = { topic, group: 'g', message: msg('k', 1) };
    expect(await bus.redrive(letter)).toEqual({ outcome: 'failed', error: 'Error: CERTIFICATE_EXPIRED' });
    healthy = true;
    expect(await bus.redrive(letter)).toEqual({ outcome: 'handled' });
    expect(attempts).toEqual([1, 2, 1]);
    expect(await bus.redrive({ ...letter, group: 'elsewhere' })).toMatchObject({ outcome: 'not_run' });
    await bus.close();
    expect(await bus.redrive(letter)).toMatchObject({ outcome: 'not_run' });
  });

  const silent = { info() {}, warn() {}, error() {}, debug() {}, child: () => silent } as unknown as Logger;

  it('the relay checkpoints what the broker acknowledged, however far behind a group is (no "settled through" capability)', async () => {
    const topic = unique('test.relay');
    const store = new SqliteEventStore(':memory:');
    const checkpoints = new SqliteCheckpointStore(':memory:');
    for (const stream of ['s1', 's2', 's1'])
      await store.append(stream, [sampleEnvelope(stream, 'InvoiceSubmitted', { n: 1 })], 'any');
    const bus = open();
    expect((bus as EventBus).settledThrough).toBeUndefined();
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const seen: string[] = [];
    await bus.subscribe({
      topic,
      group: 'slow',
      handler: async (m) => {
        await gate;
        seen.push(m.headers!['x-store-position']!);
      },
    });
    const relay = startRelay({
      name: 'relay.test',
      store,
      bus,
      checkpoints,
      logger: silent,
      idleMs: 10,
      route: (e) => ({ topic, key: e.stream }),
    });
    await relay.caughtUp();
    await relay.stop();
    expect(await checkpoints.load('relay.test')).toBe(3n);
    expect(seen).toEqual([]); // the group has finished nothing: the broker holds the messages
    release();
    await expect.poll(() => seen.length, { timeout: 30_000 }).toBe(3);
    expect(seen.filter((p) => p !== '2')).toEqual(['1', '3']); // stream s1 in order
  });

  it('tells each delivery how many messages follow it on its partition (the consumer lag), and carries the trace context header', async () => {
    const topic = unique('test.lag');
    const bus = open();
    const traceparent = '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01';
    await bus.publish(
      topic,
      [1, 2, 3, 4, 5].map((i) => ({ ...msg('one-key', i), headers: { ...msg('one-key', i).headers, traceparent } })),
    );
    const seen: DeliveredMessage[] = [];
    await bus.subscribe({ topic, group: 'lagging', handler: async (m) => void seen.push(m) });
    await expect.poll(() => seen.length, { timeout: 30_000 }).toBe(5);
    expect(seen.map((m) => [n(m), m.behind])).toEqual([
      [1, 4n],
      [2, 3n],
      [3, 2n],
      [4, 1n],
      [5, 0n],
    ]);
    expect(seen.every((m) => m.headers?.traceparent === traceparent)).toBe(true);
  });

  it('a publish the broker refuses for good is PUBLISH_REFUSED, not retriable; one it cannot reach is BROKER_UNAVAILABLE, retriable', async () => {
    const topic = unique('test.refused');
    const bus = open();
    // over the broker's 1 MB default
    const oversized = sampleEnvelope('k', 'Oversized', { text: 'x'.repeat(2 * 1024 * 1024) });
    expect(await bus.publish(topic, [{ key: 'k', value: oversized }]).catch((e: unknown) => e)).toMatchObject({
      code: 'PUBLISH_REFUSED',
      retriable: false,
    });
    const nowhere = open({ brokers: ['127.0.0.1:9'], retries: 1 });
    expect(await nowhere.publish(topic, [msg('k', 1)]).catch((e: unknown) => e)).toMatchObject({
      code: 'BROKER_UNAVAILABLE',
      retriable: true,
    });
  });

  it('the dead-letter re-driver works on this bus: a letter the bus kept is handled on request, then forgotten', async () => {
    const topic = unique('test.redriver');
    const letters = new SqliteDeadLetterStore(':memory:');
    const bus = open({ deadLetters: letters });
    let healthy = false;
    const handled: string[] = [];
    await bus.subscribe({
      topic,
      group: 'fe.signer',
      maxAttempts: 2,
      retryBackoffMs: 1,
      handler: async (m) => {
        if (!healthy) throw new Error('BLOB_WRITE_FAILED');
        handled.push(m.value.id);
      },
    });
    const message = msg('k', 1);
    await bus.publish(topic, [message]);
    await expect.poll(async () => (await letters.list()).length, { timeout: 30_000 }).toBe(1);
    healthy = true;
    await letters.requestRedrive('all', new Date());
    const redriver = startDeadLetterRedriver({ letters, bus, logger: silent, now: () => new Date(), pollMs: 60_000 });
    await expect.poll(async () => (await letters.list()).length, { timeout: 30_000 }).toBe(0);
    await redriver.stop();
    expect(handled).toEqual([message.value.id]);
    letters.close();
  });

  it('buses with different topic prefixes share a topic name but not its messages; deliveries and letters carry the name the caller gave', async () => {
    const topic = unique('test.prefixed');
    const a = `${unique('deploy-a')}.`;
    const b = `${unique('deploy-b')}.`;
    const letters: DeadLetterInput[] = [];
    const busA = open({ topicPrefix: a, deadLetters: { keep: async (letter) => void letters.push(letter) } });
    const busB = open({ topicPrefix: b });
    const seenA: [number, string][] = [];
    const seenB: number[] = [];
    await busA.subscribe({
      topic,
      group: 'g',
      maxAttempts: 1,
      handler: async (m) => {
        if (n(m) === 3) throw new Error('POISON');
        seenA.push([n(m), m.topic]);
      },
    });
    await busB.subscribe({ topic, group: 'g', handler: async (m) => void seenB.push(n(m)) });
    await busA.publish(topic, [msg('k', 1), msg('k', 3)]);
    await busB.publish(topic, [msg('k', 2)]);
    await expect.poll(() => letters.length, { timeout: 30_000 }).toBe(1);
    await expect.poll(() => seenB, { timeout: 30_000 }).toEqual([2]);
    expect(seenA).toEqual([[1, topic]]);
    expect(letters[0]).toMatchObject({ topic, group: 'g' });
    const admin = new Kafka({ brokers: kafkaBrokers(), logLevel: logLevel.NOTHING }).admin();
    await admin.connect();
    // the letter is kept before it is forwarded, so its topic may appear a moment later
    const onBroker = async () =>
      (await admin.listTopics()).filter((t) => t.endsWith(topic) || t.endsWith(`${topic}.dlq`)).sort();
    await expect
      .poll(onBroker, { timeout: 30_000 })
      .toEqual([`${a}${topic}`, `${a}${topic}.dlq`, `${b}${topic}`].sort());
    await admin.disconnect();
  });

  it('a message with a schema id the registry does not know goes to <topic>.dlq as it came, with why, and the group moves on', async () => {
    const topic = unique('test.unknown-schema');
    const bus = open();
    const handled: number[] = [];
    await bus.subscribe({ topic, group: 'g', handler: async (m) => void handled.push(n(m)) });
    const raw = new Kafka({ brokers: kafkaBrokers(), logLevel: logLevel.NOTHING }).producer();
    await raw.connect();
    const unknownId = Buffer.from([0, 0x7f, 0xff, 0xff, 0xf0]);
    await raw.send({ topic, messages: [{ key: 'k', value: Buffer.concat([unknownId, Buffer.from('{}')]) }] });
    await raw.disconnect();
    await bus.publish(topic, [msg('k', 2)]);
    await expect.poll(() => handled, { timeout: 30_000 }).toEqual([2]);

    const reader = new Kafka({ brokers: kafkaBrokers(), logLevel: logLevel.NOTHING }).consumer({
      groupId: unique('reader'),
      maxWaitTimeInMs: 100,
    });
    const dead: { value: Buffer | null; headers: Record<string, string> }[] = [];
    await reader.connect();
    await reader.subscribe({ topic: `${topic}.dlq`, fromBeginning: true });
    await reader.run({
      eachMessage: async ({ message }) =>
        void dead.push({
          value: message.value,
          headers: Object.fromEntries(Object.entries(message.headers ?? {}).map(([k, v]) => [k, String(v)])),
        }),
    });
    await expect.poll(() => dead.length, { timeout: 30_000 }).toBe(1);
    await reader.disconnect();
    expect(dead[0]!.value!.subarray(0, 5)).toEqual(unknownId);
    expect(dead[0]!.headers).toMatchObject({
      [deadLetterHeaders.group]: 'g',
      [deadLetterHeaders.originalTopic]: topic,
    });
    expect(dead[0]!.headers[deadLetterHeaders.error]).toContain('SCHEMA_UNKNOWN');
  });
});
