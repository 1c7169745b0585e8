// @fe/service-runtime/distributed: the PostgreSQL, Kafka, S3 and tenant adapters a service's main opens.
export { openPlatform, type DistributedPlatform, type OpenPlatformOptions } from './open-platform.ts';
export { platformConfigSchema, tenantsConfigSchema, type PlatformConfig } from './platform-config.ts';
