import { existsSync } from 'node:fs';
import { publishedEventSchemas, topics } from '@fe/contracts';
import {
  recordingHalts,
  startDeadLetterRedriver,
  type BlobStore,
  type Clock,
  type EventBus,
  type EventStore,
  type Logger,
} from '@fe/platform';
import { KafkaEventBus, SchemaRegistryCodec } from '@fe/platform-kafka';
import { createPostgresPool, migrate, PostgresDeadLetterStore, type MigrationSet } from '@fe/platform-postgres';
import { S3BlobStore, type S3BlobStoreConfig } from '@fe/platform-s3';
import { childStep, countingDeadLetters, tracingEventBus, tracingEventStore } from '@fe/telemetry';
import { loadOrCreateMasterKey, type TenantRegistry } from '@fe/tenancy';
import { PostgresTenantDirectory, tenantDirectoryMigrations } from '@fe/tenancy/postgres';
import { Kafka, logLevel } from 'kafkajs';
import type pg from 'pg';
import { ServiceRuntimeError } from '../errors.ts';
import { consumerGroupsCheck } from '../health/consumer-groups-check.ts';
import type { ReadinessCheck } from '../health/health-server.ts';
import { openEventStore } from './open-event-store.ts';
import type { PlatformConfig } from './platform-config.ts';

export type DistributedPlatform = {
  pool: pg.Pool;
  store: EventStore;
  bus: EventBus;
  blobs: BlobStore | undefined;
  tenants: TenantRegistry | undefined;
  checks: ReadinessCheck[];
  /** Closes what was opened, newest first: the redriver, the bus, the event store, the pool. */
  close(): Promise<void>;
};

export type OpenPlatformOptions = {
  service: string;
  config: PlatformConfig;
  logger: Logger;
  clock: Clock;
  /** The service's own tables (`@fe/<service>/postgres`), migrated after the platform's. */
  migrations?: readonly MigrationSet[];
  s3?: S3BlobStoreConfig;
  /** The master key file: tenants from PostgreSQL (`@fe/tenancy/postgres`). */
  masterKeyFile?: string;
  /** Each publish one Kafka transaction under this id (the relay's fence). */
  transactionalId?: string;
  /**
   * Re-drive dead letters to this process's consumers (`pnpm fe dead-letters redrive`). Default true; a process that
   * consumes nothing says false.
   */
  redrive?: boolean;
};

/**
 * The distributed adapters one service process uses (docs/service.md, "One process per service") and their
 * readiness checks; whatever was opened before a failure is closed before the error leaves.
 */
export async function openPlatform(options: OpenPlatformOptions): Promise<DistributedPlatform> {
  const { config, logger, clock } = options;
  const closers: (() => Promise<void> | void)[] = [];
  const closeAll = async () => {
    for (const close of closers.splice(0).reverse()) await Promise.resolve(close()).catch(() => undefined);
  };
  try {
    const pool = createPostgresPool({
      connectionString: config.postgresUrl,
      schema: config.postgresSchema,
      max: config.postgresPoolMax,
      onIdleError: (error) =>
        logger.warn(
          { err: { message: error.message } },
          'an idle PostgreSQL connection failed; the pool opens another',
        ),
    });
    closers.push(() => pool.end());
    await migrate(pool, { schema: config.postgresSchema });
    let masterKey: Buffer | undefined;
    if (options.masterKeyFile !== undefined) {
      // Never created here: every process must share one key, and a new one would seal nothing readable.
      if (!existsSync(options.masterKeyFile))
        throw new ServiceRuntimeError(
          'CONFIG_INVALID',
          'FE_MASTER_KEY_FILE: no such file (create it once, e.g. with `pnpm fe` on the embedded shape, and share it)',
          ['FE_MASTER_KEY_FILE'],
        );
      masterKey = loadOrCreateMasterKey(options.masterKeyFile);
    }
    const sets = [...(masterKey ? [tenantDirectoryMigrations()] : []), ...(options.migrations ?? [])];
    for (const { set, migrations } of sets) await migrate(pool, { schema: config.postgresSchema, set, migrations });
    // Traced (docs/observability.md): each append a span whose context the store keeps with the
    // events, each delivery a CONSUMER span continuing the context the message carries, each dead
    // letter counted. No-ops while the telemetry is off.
    const events = await openEventStore(config, pool);
    // the PostgreSQL store's pool is closed above
    if (config.eventStore === 'kurrentdb') closers.push(() => events.close());
    const store = tracingEventStore(events);
    const letters = countingDeadLetters(recordingHalts(new PostgresDeadLetterStore(pool), store, clock));
    const brokers = config.kafkaBrokers.split(',');
    const clientId = config.kafkaClientId ?? `fe-${options.service}`;
    const bus = tracingEventBus(
      new KafkaEventBus({
        brokers,
        clientId,
        codec: new SchemaRegistryCodec({ url: config.schemaRegistryUrl, contracts: publishedEventSchemas }),
        partitionsOf: (topic) =>
          topic === topics.invoiceEvents.name
            ? topics.invoiceEvents.partitions
            : topic === topics.tenantEvents.name
              ? topics.tenantEvents.partitions
              : 6,
        deadLetters: letters,
        now: () => clock.now(),
        logger: logger.child({ component: 'bus' }),
        joinWaitMs: config.kafkaJoinWaitMs,
        // Inside a traced publish (the relay's), its steps are spans: a producer's start shows as one.
        step: childStep('fe.bus'),
        ...(options.transactionalId ? { transactionalId: options.transactionalId } : {}),
        ...(config.kafkaGroupPrefix ? { groupIdPrefix: config.kafkaGroupPrefix } : {}),
        ...(config.kafkaTopicPrefix ? { topicPrefix: config.kafkaTopicPrefix } : {}),
      }),
    );
    closers.push(() => bus.close());
    if (options.redrive !== false) {
      const redriver = startDeadLetterRedriver({
        letters,
        bus,
        logger: logger.child({ component: 'dead-letters' }),
        now: () => clock.now(),
      });
      closers.push(() => redriver.stop());
    }
    const blobs = options.s3 ? await S3BlobStore.open(options.s3, { clock }) : undefined;
    const tenants = masterKey ? new PostgresTenantDirectory({ pool, masterKey, now: () => clock.now() }) : undefined;

    const admin = new Kafka({
      brokers,
      clientId: `${clientId}-health`,
      logLevel: logLevel.NOTHING,
      retry: { retries: 0 },
    }).admin();
    closers.splice(1, 0, () => admin.disconnect()); // closed after the bus, before the pool
    const checks: ReadinessCheck[] = [
      { name: 'postgres', check: async () => void (await pool.query('SELECT 1')) },
      ...(config.eventStore === 'kurrentdb'
        ? [{ name: 'kurrentdb', check: async () => void (await events.head()) }]
        : []),
      {
        name: 'kafka',
        check: async () => {
          await admin.connect();
          await admin.describeCluster();
        },
      },
      // Ready only while every consumer of this process holds its place in its group: what is published is then
      // handled.
      consumerGroupsCheck(bus),
      ...(blobs ? [{ name: 's3', check: async () => void (await blobs.exists('readiness-probe')) }] : []),
    ];
    return { pool, store, bus, blobs, tenants, checks, close: closeAll };
  } catch (error) {
    await closeAll();
    throw error;
  }
}
