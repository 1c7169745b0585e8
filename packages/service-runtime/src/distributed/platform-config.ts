import { kurrentEventStoreConfigSchema } from '@fe/platform-kurrentdb/config';
import { z } from 'zod';

/** Which store keeps the events; every process of one deployment reads the same. */
function eventStoreKindSchema() {
  return z
    .enum(['postgres', 'kurrentdb'])
    .default('postgres')
    .describe(
      'FE_EVENT_STORE: where the events live: postgres (default, in FE_POSTGRES_URL) or kurrentdb (in FE_KURRENTDB_URL; the other tables stay in PostgreSQL).',
    );
}

/**
 * Where a process finds the distributed platform (docs/service.md): defaults are `pnpm infra:up`'s loopback
 * servers. A PostgreSQL URL with a password is a secret, never logged.
 */
export const platformConfigSchema = z.object({
  postgresUrl: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'a postgres:// URL')
    .default('postgres://postgres@127.0.0.1:55432/postgres')
    .describe(
      'FE_POSTGRES_URL: the PostgreSQL of the event store and the service-owned tables (postgres://user[:password]@host:port/database; never logged).',
    ),
  postgresSchema: z
    .string()
    .regex(/^[a-z_][a-z0-9_]{0,62}$/, 'a plain lowercase SQL identifier')
    .default('fe')
    .describe('FE_POSTGRES_SCHEMA: the schema every table lives in; migrated at start.'),
  postgresPoolMax: z.coerce
    .number()
    .int()
    .min(2)
    .max(200)
    .default(10)
    .describe("FE_POSTGRES_POOL_MAX: connections of this process's pool at most."),
  kafkaBrokers: z
    .string()
    .regex(/^[^\s,]+:\d+(,[^\s,]+:\d+)*$/, 'host:port[,host:port…]')
    .default('127.0.0.1:59092')
    .describe('FE_KAFKA_BROKERS: the Kafka bootstrap brokers, comma-separated host:port.'),
  kafkaClientId: z
    .string()
    .min(1)
    .optional()
    .describe('FE_KAFKA_CLIENT_ID: how this process names itself to the brokers; default fe-<service>.'),
  kafkaGroupPrefix: z
    .string()
    .regex(/^[A-Za-z0-9._-]{1,100}$/, 'letters, digits, dots, underscores and hyphens')
    .optional()
    .describe(
      'FE_KAFKA_GROUP_PREFIX: put before every consumer group name, so two deployments sharing one Kafka (or a test run) never share a group; default none.',
    ),
  kafkaTopicPrefix: z
    .string()
    .regex(/^[A-Za-z0-9._-]{1,100}$/, 'letters, digits, dots, underscores and hyphens')
    .optional()
    .describe(
      "FE_KAFKA_TOPIC_PREFIX: put before every topic name on the broker, so two deployments sharing one Kafka (or a test run) never read each other's events; every process of one deployment uses the same; default none.",
    ),
  kafkaJoinWaitMs: z.coerce
    .number()
    .int()
    .min(0)
    .max(600_000)
    .default(30_000)
    .describe(
      "FE_KAFKA_JOIN_WAIT_MS: how long a consumer's start waits for its group to take it in before the process starts its next part; /readyz answers 503 naming consumer-groups until it has joined.",
    ),
  schemaRegistryUrl: z
    .url({ protocol: /^https?$/ })
    .default('http://127.0.0.1:58080/apis/ccompat/v7')
    .describe('FE_SCHEMA_REGISTRY_URL: the Confluent-compatible schema registry API (Apicurio: /apis/ccompat/v7).'),
  eventStore: eventStoreKindSchema(),
  kurrentdbUrl: kurrentEventStoreConfigSchema.shape.url,
  kurrentdbDeadlineMs: kurrentEventStoreConfigSchema.shape.deadlineMs,
});

export type PlatformConfig = z.infer<typeof platformConfigSchema>;

/** For the processes that read tenants (signer, submitter): the key that seals their secrets. */
export const tenantsConfigSchema = z.object({
  masterKeyFile: z
    .string()
    .min(1)
    .describe(
      "FE_MASTER_KEY_FILE: the 32-byte key sealing tenants' certificates and PINs, shared by every process (required; never logged; the file stays owner-only).",
    ),
});
