// The public surface of @fe/platform. Anything not exported here is private.
export { PlatformError, ConcurrencyError, isConcurrencyError, type PlatformErrorCode } from './errors.ts';
export type { EventStore, ExpectedVersion, RecordedEvent, AppendResult } from './ports/event-store.ts';
export { deadLetterHeaders, type EventBus, type BusMessage, type DeliveredMessage, type SubscribeOptions, type Subscription } from './ports/event-bus.ts';
export { isValidBlobKey, type BlobStore, type StoredBlob } from './ports/blob-store.ts';
export { systemClock, type Clock } from './ports/clock.ts';
export type { Logger, LogFields } from './ports/logger.ts';
export { SignedLinks } from './links/signed-links.ts';
export { SqliteEventStore } from './adapters/sqlite/sqlite-event-store.ts';
export { InProcessEventBus } from './adapters/in-process/in-process-bus.ts';
export { FilesystemBlobStore } from './adapters/filesystem/filesystem-blob-store.ts';
export { createLogger, redactedPaths } from './adapters/pino/create-logger.ts';
