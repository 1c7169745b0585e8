import { randomBytes } from 'node:crypto';
import { createLogger, systemClock, type DeliveredMessage, type ServiceModule, type Subscription } from '@fe/platform';
import { requiredTestEnv } from '@fe/platform/testing';
import { createPostgresPool } from '@fe/platform-postgres';
import { testPostgresUrl } from '@fe/platform-postgres/testing';
import { Kafka, logLevel, type Consumer } from 'kafkajs';
import { afterAll, expect, it } from 'vitest';
import { openPlatform } from '../distributed/open-platform.ts';
import { platformConfigSchema } from '../distributed/platform-config.ts';
import { runServiceProcess, type ProcessHooks, type ServiceProcess } from '../run/run-service-process.ts';

// /readyz of a process built as every main builds it (openPlatform, runServiceProcess), on the
// shared Kafka with a topic and group prefix of its own: 503 naming consumer-groups while the
// process's consumer waits to be let into its group, 200 once it is in.
const tag = randomBytes(5).toString('hex');
const schema = `fe_test_${tag}`;
const topic = 'test.readiness';
const brokers = requiredTestEnv('FE_TEST_KAFKA_BROKERS').split(',');
const kafka = new Kafka({ brokers, clientId: `test-${tag}`, logLevel: logLevel.NOTHING });
let holder: Consumer | undefined;
let release: () => void = () => undefined;
let service: ServiceProcess | undefined;

afterAll(async () => {
  release();
  await service?.stop('test over');
  await holder?.disconnect().catch(() => undefined);
  const pool = createPostgresPool({ connectionString: testPostgresUrl() });
  await pool.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`).finally(() => pool.end());
});

const noSignals: ProcessHooks = { on: () => undefined, once: () => undefined, exit: () => undefined };

it('/readyz is 503 naming consumer-groups until the process\'s consumer has joined its group, then 200', async () => {
  const config = platformConfigSchema.parse({
    postgresUrl: testPostgresUrl(), postgresSchema: schema, kafkaBrokers: brokers.join(','),
    schemaRegistryUrl: requiredTestEnv('FE_TEST_SCHEMA_REGISTRY_URL'), kafkaGroupPrefix: `test.${tag}.`, kafkaTopicPrefix: `t${tag}.`,
    kafkaJoinWaitMs: 200, // the start goes on without the join: what /readyz says in the meantime is the point
  });
  const group = 'fe.readiness';
  const onBroker = `t${tag}.${topic}`;

  // A member that holds the group and then goes silent (its handler never returns, so kafkajs sends
  // no heartbeat and it never leaves): the broker lets a new member in only once it has dropped this
  // one, a session timeout after its last heartbeat. What a crashed process does to its group.
  const admin = kafka.admin();
  await admin.connect();
  await admin.createTopics({ waitForLeaders: true, topics: [{ topic: onBroker, numPartitions: 1 }] });
  await admin.disconnect();
  const producer = kafka.producer();
  await producer.connect();
  await producer.send({ topic: onBroker, messages: [{ key: 'k', value: 'not an envelope' }] });
  await producer.disconnect();
  holder = kafka.consumer({ groupId: `test.${tag}.${group}`, sessionTimeout: 6000, heartbeatInterval: 500 });
  const held = new Promise<void>((resolve) => {
    void holder!.connect()
      .then(() => holder!.subscribe({ topics: [onBroker], fromBeginning: true }))
      .then(() => holder!.run({ eachMessage: () => (resolve(), new Promise<void>((done) => (release = done))) }));
  });
  await held;

  const delivered: DeliveredMessage[] = [];
  service = await runServiceProcess({
    name: 'readiness', logger: createLogger({ level: 'silent' }), process: noSignals,
    runtime: { healthHost: '127.0.0.1', healthPort: 0, shutdownTimeoutMs: 30_000, readinessTimeoutMs: 2000 },
    build: async () => {
      const platform = await openPlatform({ service: 'readiness', config, logger: createLogger({ level: 'silent' }), clock: systemClock, redrive: false });
      let subscription: Subscription | undefined;
      const watch: ServiceModule = {
        name: 'watch',
        start: async () => void (subscription = await platform.bus.subscribe({ topic, group, handler: async (m) => void delivered.push(m) })),
        stop: async () => subscription?.stop(),
      };
      return { modules: [watch], checks: platform.checks, close: () => platform.close() };
    },
  });
  const readyz = async () => {
    const answer = await fetch(`http://127.0.0.1:${service!.healthPort}/readyz`);
    return { status: answer.status, body: await answer.json() as { status: string; failing?: string[] } };
  };

  // Started (the join wait ran out), but its consumer is not in the group: not ready, and /readyz says why.
  expect(await readyz()).toEqual({ status: 503, body: { status: 'not ready', failing: ['consumer-groups'] } });

  // The silent member is dropped, the process's consumer joins and gets the partition.
  let answer = await readyz();
  for (const deadline = Date.now() + 60_000; answer.status !== 200 && Date.now() < deadline; answer = await readyz()) {
    expect(answer).toEqual({ status: 503, body: { status: 'not ready', failing: ['consumer-groups'] } });
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  expect(answer).toEqual({ status: 200, body: { status: 'ready' } });
  expect(delivered).toEqual([]); // the one message there is not an envelope: it went to the dead-letter topic, not the handler
}, 120_000);
