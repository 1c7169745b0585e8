import { randomUUID } from 'node:crypto';
import { requiredTestEnv } from '@fe/platform/testing';

/**
 * The real servers the integration tests run against, from the environment the infra scripts
 * export. Missing means the run is misconfigured: fail loudly, never skip.
 */
export function kafkaBrokers(): string[] {
  return requiredTestEnv('FE_TEST_KAFKA_BROKERS', 'host:port[,host:port] of a Kafka broker, e.g. 127.0.0.1:59092')
    .split(',')
    .map((b) => b.trim());
}

export function schemaRegistryUrl(): string {
  return requiredTestEnv(
    'FE_TEST_SCHEMA_REGISTRY_URL',
    "a Confluent-compatible registry API, e.g. http://127.0.0.1:58080/apis/ccompat/v7 (Apicurio's ccompat)",
  );
}

/** A name no other test (or earlier run against the same servers) uses. */
export const unique = (prefix: string): string => `${prefix}.${randomUUID().slice(0, 8)}`;
