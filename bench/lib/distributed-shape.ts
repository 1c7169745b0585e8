// The distributed shape for a bench: `scripts/start-distributed.sh` with a namespace of its own
// (PostgreSQL schema, Kafka topic and group prefixes, relay name, S3 bucket, data folder), on the
// servers the caller has (FE_INFRA=external), and everything it made removed by `close`.
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import type { EventStore } from '@fe/platform';
import { createPostgresPool, PostgresEventStore } from '@fe/platform-postgres';
import { Kafka, logLevel } from 'kafkajs';
import type { PlatformServers } from './platform-servers.ts';
import { emptyAndRemoveBucket } from './s3-bucket.ts';

const run = promisify(execFile);
const root = resolve(import.meta.dirname, '../..');

export type ShapeProcess = { name: string; pid: number };

export type DistributedShape = {
  /** The ingress instances' base URLs. */
  urls: string[];
  apiKey: string;
  processes: ShapeProcess[];
  store: EventStore;
  close(): Promise<void>;
};

export type DistributedShapeOptions = {
  servers: PlatformServers;
  signers: number;
  /** First of 20 consecutive ports: the two ingress, the admin portal (the start script puts it at FE_PORT + 2), the simulator, then each process's /readyz. */
  portBase: number;
  /** Extra variables for every process (FE_LOG_LEVEL, RELAY_IDLE_MS…). */
  env?: Record<string, string>;
};

export async function startDistributedShape(options: DistributedShapeOptions): Promise<DistributedShape> {
  const { servers, portBase } = options;
  const tag = randomBytes(4).toString('hex');
  const dataDir = mkdtempSync(join(tmpdir(), 'fe-bench-distributed-'));
  const schema = `bench_${tag}`;
  const topicPrefix = `bench.${tag}.`;
  const bucket = `fe-bench-${tag}`;
  const env = {
    ...process.env,
    FE_INFRA: 'external', FE_POSTGRES_URL: servers.postgresUrl, FE_KAFKA_BROKERS: servers.kafkaBrokers.join(','),
    FE_SCHEMA_REGISTRY_URL: servers.schemaRegistryUrl, FE_S3_ENDPOINT: servers.s3.endpoint,
    FE_S3_ACCESS_KEY: servers.s3.accessKey, FE_S3_SECRET_KEY: servers.s3.secretKey,
    FE_DATA_DIR: dataDir, FE_PORT: String(portBase), DIAN_SIMULATOR_PORT: String(portBase + 3), FE_HEALTH_PORT_BASE: String(portBase + 5),
    FE_SIGNER_INSTANCES: String(options.signers),
    FE_POSTGRES_SCHEMA: schema, FE_KAFKA_GROUP_PREFIX: topicPrefix, FE_KAFKA_TOPIC_PREFIX: topicPrefix,
    RELAY_NAME: `relay.bench-${tag}`, FE_S3_BUCKET: bucket,
    // The bench measures throughput, not the per-tenant rate limit.
    FE_RATE_LIMIT_PER_SECOND: '1000000', FE_RATE_LIMIT_BURST: '1000000',
    ...options.env,
  };
  const stop = () => run('bash', ['scripts/stop-distributed.sh'], { cwd: root, env, timeout: 180_000 });
  const pool = createPostgresPool({ connectionString: servers.postgresUrl, schema, max: 4 });
  const removeAll = async () => {
    await stop().catch((error: Error) => console.error(`stopping the distributed shape: ${error.message}`));
    await pool.end().catch(() => undefined);
    await dropNamespace(servers, schema, topicPrefix, bucket).catch((error: Error) => console.error(`removing the bench's namespace: ${error.message}`));
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    const started = await run('bash', ['scripts/start-distributed.sh'], { cwd: root, env, timeout: 420_000 });
    const apiKey = /export FE_API_KEY=(fe_test_\S+)/.exec(started.stdout)?.[1];
    if (!apiKey) throw new Error('the start printed no demo API key');
    const processes = readFileSync(join(dataDir, 'run/pids'), 'utf8').trim().split('\n').map((line) => {
      const [name, pid] = line.split(' ');
      return { name: name!, pid: Number(pid) };
    });
    return {
      urls: [`http://127.0.0.1:${portBase}`, `http://127.0.0.1:${portBase + 1}`],
      apiKey, processes, store: new PostgresEventStore(pool),
      close: removeAll,
    };
  } catch (error) {
    await removeAll();
    throw error;
  }
}

/** The schema, the topics and groups under the prefix, the bucket: nothing of the run stays on the servers. */
async function dropNamespace(servers: PlatformServers, schema: string, prefix: string, bucket: string): Promise<void> {
  const pool = createPostgresPool({ connectionString: servers.postgresUrl, max: 1 });
  await pool.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`).finally(() => pool.end());
  const admin = new Kafka({ brokers: servers.kafkaBrokers, logLevel: logLevel.NOTHING }).admin();
  await admin.connect();
  try {
    const groups = (await admin.listGroups()).groups.map((g) => g.groupId).filter((id) => id.startsWith(prefix));
    if (groups.length) await admin.deleteGroups(groups).catch(() => undefined); // a group still settling is left to expire
    const topics = (await admin.listTopics()).filter((name) => name.startsWith(prefix));
    if (topics.length) await admin.deleteTopics({ topics });
  } finally {
    await admin.disconnect();
  }
  await emptyAndRemoveBucket(new URL(servers.s3.endpoint), servers.s3, bucket);
}
