import { randomBytes } from 'node:crypto';
import { topics } from '@fe/contracts';
import { createLogger, systemClock } from '@fe/platform';
import { requiredTestEnv } from '@fe/platform/testing';
import { createPostgresPool } from '@fe/platform-postgres';
import { testPostgresUrl } from '@fe/platform-postgres/testing';
import { Kafka, logLevel } from 'kafkajs';
import { afterAll, expect, it } from 'vitest';
import { openPlatform, type DistributedPlatform } from './open-platform.ts';
import { platformConfigSchema } from './platform-config.ts';

// FE_KAFKA_GROUP_PREFIX and FE_KAFKA_TOPIC_PREFIX against the real servers (FE_TEST_*): two
// deployments (or a test run) on one Kafka keep out of each other's consumer groups and topics.
const tag = randomBytes(5).toString('hex');
const schema = `fe_test_${tag}`;
let platform: DistributedPlatform | undefined;

afterAll(async () => {
  await platform?.close();
  const pool = createPostgresPool({ connectionString: testPostgresUrl() });
  await pool.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`).finally(() => pool.end());
});

it('puts FE_KAFKA_GROUP_PREFIX before every consumer group the bus joins, FE_KAFKA_TOPIC_PREFIX before every topic it uses', async () => {
  const brokers = requiredTestEnv('FE_TEST_KAFKA_BROKERS');
  const config = platformConfigSchema.parse({
    postgresUrl: testPostgresUrl(),
    postgresSchema: schema,
    kafkaBrokers: brokers,
    schemaRegistryUrl: requiredTestEnv('FE_TEST_SCHEMA_REGISTRY_URL'),
    kafkaGroupPrefix: `test.${tag}.`,
    kafkaTopicPrefix: `t${tag}.`,
  });
  platform = await openPlatform({
    service: 'test',
    config,
    logger: createLogger({ level: 'silent' }),
    clock: systemClock,
    redrive: false,
  });
  const subscription = await platform.bus.subscribe({
    topic: topics.invoiceEvents.name,
    group: 'fe.signer',
    from: 'latest',
    handler: async () => undefined,
  });
  const admin = new Kafka({ brokers: brokers.split(','), clientId: `test-${tag}`, logLevel: logLevel.NOTHING }).admin();
  await admin.connect();
  try {
    const groups = (await admin.listGroups()).groups.map((g) => g.groupId).filter((id) => id.includes(tag));
    expect(groups).toEqual([`test.${tag}.fe.signer`]);
    expect((await admin.listTopics()).filter((name) => name.includes(tag))).toEqual([
      `t${tag}.${topics.invoiceEvents.name}`,
    ]);
  } finally {
    await admin.disconnect();
    await subscription.stop();
  }
});

it('refuses a prefix Kafka would not take as part of a group or topic name', () => {
  expect(platformConfigSchema.safeParse({ kafkaGroupPrefix: 'two words' }).success).toBe(false);
  expect(platformConfigSchema.safeParse({ kafkaTopicPrefix: 'a/b' }).success).toBe(false);
});
