// What a bench run of the distributed shape leaves on the servers it shares, removed: its
// PostgreSQL schema, its Kafka topics and consumer groups (under its prefix), its S3 bucket, so
// that runs and arms never read each other's events.
import { createPostgresPool } from '@fe/platform-postgres';
import { Kafka, logLevel } from 'kafkajs';
import type { DistributedRun } from '../../services/all-in-one/test-support/start-distributed.ts';
import { emptyAndRemoveBucket } from './s3-bucket.ts';

export async function dropNamespace({ servers, names }: DistributedRun): Promise<void> {
  const pool = createPostgresPool({ connectionString: servers.FE_POSTGRES_URL, max: 1 });
  await pool.query(`DROP SCHEMA IF EXISTS ${names.schema} CASCADE`).finally(() => pool.end());
  const admin = new Kafka({ brokers: servers.FE_KAFKA_BROKERS.split(','), logLevel: logLevel.NOTHING }).admin();
  await admin.connect();
  try {
    const groups = (await admin.listGroups()).groups.map((g) => g.groupId).filter((id) => id.startsWith(names.prefix));
    // a group still settling is left to expire
    if (groups.length) await admin.deleteGroups(groups).catch(() => undefined);
    const topics = (await admin.listTopics()).filter((name) => name.startsWith(names.prefix));
    if (topics.length) await admin.deleteTopics({ topics });
  } finally {
    await admin.disconnect();
  }
  await emptyAndRemoveBucket(
    new URL(servers.FE_S3_ENDPOINT),
    { accessKey: servers.FE_S3_ACCESS_KEY, secretKey: servers.FE_S3_SECRET_KEY },
    names.bucket,
  );
}
