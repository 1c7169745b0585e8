// The public surface of @fe/platform-kurrentdb. Anything not exported here is private.
export { KurrentEventStore, type KurrentEventStoreOptions } from './kurrent-event-store.ts';
export {
  kurrentEventStoreConfigSchema,
  kurrentEventStoreConfigFromEnv,
  kurrentEventStoreEnv,
  type KurrentEventStoreConfig,
} from './config.ts';
export { translateKurrentError } from './translate-error.ts';
export { KurrentAdapterError, type KurrentAdapterErrorCode } from './errors.ts';
