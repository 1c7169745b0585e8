// The public surface of @fe/platform-kafka: only a service that runs on Kafka imports it (and so kafkajs).
export { KafkaEventBus, type KafkaEventBusOptions } from './bus/kafka-event-bus.ts';
export type { EnvelopeCodec } from './codec/envelope-codec.ts';
export { SchemaRegistryCodec, type SchemaRegistryCodecOptions } from './codec/schema-registry-codec.ts';
export { subjectFor, jsonSchemaOf, type EventContracts } from './codec/event-json-schemas.ts';
export { KafkaBusError, isKafkaBusError, type KafkaBusErrorCode } from './errors.ts';
