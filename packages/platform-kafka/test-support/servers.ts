import { randomUUID } from 'node:crypto';

/**
 * The real servers the integration tests run against, from the environment the infra scripts
 * export. Missing means the run is misconfigured: fail loudly, never skip.
 */
export function kafkaBrokers(): string[] {
  return required('FE_TEST_KAFKA_BROKERS', 'host:port[,host:port] of a Kafka broker, e.g. 127.0.0.1:59092').split(',').map((b) => b.trim());
}

export function schemaRegistryUrl(): string {
  return required('FE_TEST_SCHEMA_REGISTRY_URL', "a Confluent-compatible registry API, e.g. http://127.0.0.1:58080/apis/ccompat/v7 (Apicurio's ccompat)");
}

/** A name no other test (or earlier run against the same servers) uses. */
export const unique = (prefix: string): string => `${prefix}.${randomUUID().slice(0, 8)}`;

function required(name: string, what: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: the Kafka integration tests need ${what}. Start the servers with the infra scripts (docs/platform.md) or export it.`);
  return value;
}
