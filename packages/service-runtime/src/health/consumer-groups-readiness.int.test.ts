import { randomBytes } from 'node:crypto';
import { createLogger, systemClock, type DeliveredMessage, type ServiceModule, type Subscription } from '@fe/platform';
import { requiredTestEnv } from '@fe/platform/testing';
import { createPostgresPool } from '@fe/platform-postgres';
import { testPostgresUrl } from '@fe/platform-postgres/testing';
import { Kafka, logLevel, type Consumer } from 'kafkajs';
import { afterAll, afterEach, expect, it } from 'vitest';
import { openPlatform } from '../distributed/open-platform.ts';
import { platformConfigSchema } from '../distributed/platform-config.ts';
import { runServiceProcess, type ProcessHooks, type ServiceProcess } from '../run/run-service-process.ts';

// /readyz of a process built as every main builds it: 503 naming consumer-groups while its consumer is outside its
// group, 200 once in. A "silent" member stuck in its handler stands for a hung process.
const tag = randomBytes(5).toString('hex');
const schema = `fe_test_${tag}`;
const groupPrefix = `test.${tag}.`;
const topicPrefix = `t${tag}.`;
const brokers = requiredTestEnv('FE_TEST_KAFKA_BROKERS').split(',');
const kafka = new Kafka({ brokers, clientId: `test-${tag}`, logLevel: logLevel.NOTHING });
const noSignals: ProcessHooks = { on: () => undefined, once: () => undefined, exit: () => undefined };
const NOT_READY = { status: 503, body: { status: 'not ready', failing: ['consumer-groups'] } };

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => undefined);
});
afterAll(async () => {
  const pool = createPostgresPool({ connectionString: testPostgresUrl() });
  await pool.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`).finally(() => pool.end());
});

async function createTopic(topic: string, partitions: number): Promise<void> {
  const admin = kafka.admin();
  await admin.connect();
  await admin.createTopics({
    waitForLeaders: true,
    topics: [{ topic: `${topicPrefix}${topic}`, numPartitions: partitions }],
  });
  await admin.disconnect();
}

/**
 * A member of the test's own in `group`; `silent` ones get stuck in the handler of their first message. Resolves with
 * its partitions once it joined.
 */
async function member(
  group: string,
  topic: string,
  silent: boolean,
  sessionTimeout = 6000,
): Promise<{ consumer: Consumer; partitions: number[]; stuck: Promise<void> }> {
  const consumer = kafka.consumer({ groupId: `${groupPrefix}${group}`, sessionTimeout, heartbeatInterval: 500 });
  let release: () => void = () => undefined;
  cleanups.push(async () => (release(), await consumer.disconnect()));
  let stuck: () => void = () => undefined;
  const stuckPromise = new Promise<void>((resolve) => (stuck = resolve));
  const joined = new Promise<number[]>((resolve) =>
    consumer.on(consumer.events.GROUP_JOIN, ({ payload }) => resolve(Object.values(payload.memberAssignment).flat())),
  );
  await consumer.connect();
  await consumer.subscribe({ topics: [`${topicPrefix}${topic}`], fromBeginning: true });
  void consumer.run({
    eachMessage: () => (silent ? (stuck(), new Promise<void>((done) => (release = done))) : Promise.resolve()),
  });
  return { consumer, partitions: await joined, stuck: stuckPromise };
}

async function send(topic: string, partition?: number): Promise<void> {
  const producer = kafka.producer();
  await producer.connect();
  await producer.send({
    topic: `${topicPrefix}${topic}`,
    messages: [{ key: 'k', value: 'not an envelope', ...(partition === undefined ? {} : { partition }) }],
  });
  await producer.disconnect();
}

/**
 * A service process whose one module subscribes `group` to `topic`; its consumer's start waits `joinWaitMs` for the
 * join.
 */
async function serviceProcess(group: string, topic: string, joinWaitMs: number) {
  const config = platformConfigSchema.parse({
    postgresUrl: testPostgresUrl(),
    postgresSchema: schema,
    kafkaBrokers: brokers.join(','),
    schemaRegistryUrl: requiredTestEnv('FE_TEST_SCHEMA_REGISTRY_URL'),
    kafkaGroupPrefix: groupPrefix,
    kafkaTopicPrefix: topicPrefix,
    kafkaJoinWaitMs: joinWaitMs,
  });
  const delivered: DeliveredMessage[] = [];
  const service: ServiceProcess = await runServiceProcess({
    name: 'readiness',
    logger: createLogger({ level: 'silent' }),
    process: noSignals,
    runtime: { healthHost: '127.0.0.1', healthPort: 0, shutdownTimeoutMs: 30_000, readinessTimeoutMs: 2000 },
    build: async () => {
      const platform = await openPlatform({
        service: 'readiness',
        config,
        logger: createLogger({ level: 'silent' }),
        clock: systemClock,
        redrive: false,
      });
      let subscription: Subscription | undefined;
      const watch: ServiceModule = {
        name: 'watch',
        start: async () =>
          void (subscription = await platform.bus.subscribe({
            topic,
            group,
            handler: async (m) => void delivered.push(m),
          })),
        stop: async () => subscription?.stop(),
      };
      return { modules: [watch], checks: platform.checks, close: () => platform.close() };
    },
  });
  cleanups.push(() => service.stop('test over'));
  const readyz = async () => {
    const answer = await fetch(`http://127.0.0.1:${service.healthPort}/readyz`);
    return { status: answer.status, body: (await answer.json()) as { status: string; failing?: string[] } };
  };
  /** Polls /readyz until it answers `status` (bounded), and returns every answer that came before. */
  const until = async (status: 200 | 503, withinMs = 60_000) => {
    const before: Awaited<ReturnType<typeof readyz>>[] = [];
    for (
      const deadline = Date.now() + withinMs;
      Date.now() < deadline;
      await new Promise((resolve) => setTimeout(resolve, 100))
    ) {
      const answer = await readyz();
      if (answer.status === status) return { before, last: answer };
      before.push(answer);
    }
    return { before, last: await readyz() };
  };
  return { readyz, until, delivered };
}

it("/readyz is 503 naming consumer-groups until the process's consumer has joined its group, then 200", async () => {
  const [topic, group] = ['test.readiness.join', 'fe.join'];
  await createTopic(topic, 1);
  await send(topic);
  const silent = await member(group, topic, true);
  await silent.stuck;

  // The start goes on without the join (the wait is short here): what /readyz says meanwhile is the point.
  const service = await serviceProcess(group, topic, 200);
  expect(await service.readyz()).toEqual(NOT_READY);

  // The silent member is dropped, the process's consumer joins and gets the partition.
  const { before, last } = await service.until(200);
  expect(before.filter((answer) => answer.status !== 503 || answer.body.failing?.[0] !== 'consumer-groups')).toEqual(
    [],
  );
  expect(last).toEqual({ status: 200, body: { status: 'ready' } });
  // the one message there is not an envelope: it went to the dead-letter topic, not the handler
  expect(service.delivered).toEqual([]);
}, 120_000);

it("/readyz turns 503 consumer-groups when a rebalance takes the process's consumer out of its group, and 200 once it has joined again", async () => {
  const [topic, group] = ['test.readiness.rebalance', 'fe.rebalance'];
  await createTopic(topic, 3);
  const service = await serviceProcess(group, topic, 30_000);
  expect(await service.readyz()).toEqual({ status: 200, body: { status: 'ready' } });

  // Two more members: one that will leave, one that goes silent on the message sent to its partition.
  const leaving = await member(group, topic, false);
  // Silent for 20 s: the rebalance outlasts the process's consumer's heartbeat interval (3 s) many times over.
  const silent = await member(group, topic, true, 20_000);
  expect(silent.partitions).toHaveLength(1);
  await send(topic, silent.partitions[0]);
  await silent.stuck;
  // The leave starts a rebalance; the group waits for the silent member, whom the broker drops only at its session
  // timeout.
  await leaving.consumer.disconnect();

  // Its consumer hears of the rebalance at its next heartbeat (3 s) and waits in the join from then on.
  expect((await service.until(503, 10_000)).last).toEqual(NOT_READY);
  const { before, last } = await service.until(200);
  expect(before.filter((answer) => answer.status !== 503 || answer.body.failing?.[0] !== 'consumer-groups')).toEqual(
    [],
  );
  expect(last).toEqual({ status: 200, body: { status: 'ready' } });
}, 120_000);
