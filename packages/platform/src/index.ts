// The public surface of @fe/platform. Anything not exported here is private.
export { PlatformError, ConcurrencyError, isConcurrencyError, type PlatformErrorCode } from './errors.ts';
export type { EventStore, ExpectedVersion, RecordedEvent, AppendResult, AppendOptions } from './ports/event-store.ts';
export { traceContextOf, type TraceContext } from './tracing/trace-context.ts';
export {
  deadLetterHeaders,
  type EventBus,
  type BusCapability,
  type BusCapabilityName,
  type BusMessage,
  type DeliveredMessage,
  type RedriveOutcome,
  type RedriveRequest,
  type SubscribeOptions,
  type Subscription,
  type SubscriptionStatus,
} from './ports/event-bus.ts';
export {
  attemptDelivery,
  keepUntilKept,
  deadLetterMessage,
  describeFailure,
  type AttemptOutcome,
  type Handler,
} from './delivery/deliver.ts';
export { isValidBlobKey, type BlobStore, type StoredBlob } from './ports/blob-store.ts';
export type { CheckpointStore } from './ports/checkpoint-store.ts';
export type { Lease, LeaseStore } from './ports/lease-store.ts';
export type { DeadLetter, DeadLetterInput, DeadLetterStore } from './ports/dead-letter-store.ts';
export { systemClock, type Clock } from './ports/clock.ts';
export { KeyTurns } from './concurrency/key-turns.ts';
export type { Logger, LogFields } from './ports/logger.ts';
export type { ServiceModule } from './ports/service-module.ts';
export { configFromEnv, envNamesOf, type Env } from './config/config-from-env.ts';
export { SignedLinks } from './links/signed-links.ts';
export { networkOf } from './net/network-of.ts';
export { limitConnectionsPerAddress } from './net/connections-per-address.ts';
export { SqliteEventStore } from './adapters/sqlite/sqlite-event-store.ts';
export { ThreadedSqliteEventStore } from './adapters/sqlite/threaded-sqlite-event-store.ts';
export { withStreamCache } from './adapters/caching/stream-cache.ts';
export { AppendFeed } from './adapters/caching/append-feed.ts';
export { SqliteCheckpointStore } from './adapters/sqlite/sqlite-checkpoint-store.ts';
export { SqliteDeadLetterStore } from './adapters/sqlite/sqlite-dead-letter-store.ts';
export { immediate, GroupCommit, openWalDatabase } from './adapters/sqlite/connection.ts';
export { InProcessEventBus } from './adapters/in-process/in-process-bus.ts';
export { InProcessLeaseStore } from './adapters/in-process/in-process-lease-store.ts';
export { FilesystemBlobStore } from './adapters/filesystem/filesystem-blob-store.ts';
export { prepareDataFolder } from './adapters/filesystem/data-folder.ts';
export { ensureOwnerOnlyFile, OWNER_ONLY_DIR, OWNER_ONLY_FILE } from './adapters/filesystem/owner-only.ts';
export { createLogger, redactedPaths } from './adapters/pino/create-logger.ts';
export { lazyChild } from './logging/lazy-child.ts';
export { startDeadLetterRedriver, type Redriver, type RedriverOptions } from './dead-letters/redriver.ts';
export { recordingHalts } from './dead-letters/record-halts.ts';
export { requestRedrive, type Redriven, type RedriveDeps } from './dead-letters/request-redrive.ts';
export { startRelay, STORE_POSITION_HEADER, type Relay, type RelayOptions } from './relay/relay.ts';
export { routeByEventType } from './relay/route-by-event-type.ts';
export {
  subscribeInvoiceEvents,
  reactionService,
  type InvoiceEventHandlers,
  type ReactionOptions,
} from './reactions/subscribe-invoice-events.ts';
export {
  invoiceStreamName,
  newInvoiceEvent,
  metaCausedBy,
  loadInvoiceStream,
  parseRecorded,
  type EventMeta,
  type LoadedInvoice,
} from './invoice-stream/invoice-stream.ts';
export { documentKey, isContingencyInvoice, type DocumentRequested } from './document-stream/document-requested.ts';
export {
  documentStream,
  invoiceStream,
  noteStream,
  type DocumentState,
  type InvoiceState,
  type NoteState,
  type StreamFold,
} from './document-stream/document-state.ts';
export {
  runReaction,
  loadState,
  type Reaction,
  type ConflictRule,
  type ReactionRun,
  type ReactionStep,
} from './document-stream/run-reaction.ts';
export { chainDigest, GENESIS_DIGEST } from './audit/event-chain.ts';
export { verifyStreamChain, type AuditFinding, type AuditFindingCode } from './audit/verify-chain.ts';
export { invoiceHistory, filesNamed, sha256Of } from './audit/invoice-history.ts';
export {
  foldRoot,
  EMPTY_ROOT,
  signCheckpoint,
  checkpointSignatureHolds,
  checkpointStatement,
  type AuditCheckpoint,
  type AuditCheckpointStore,
} from './audit/checkpoint.ts';
export { startCheckpointer, type Checkpointer, type CheckpointerOptions } from './audit/checkpointer.ts';
export { loadOrCreateAuditKey, readAuditKey, type AuditSigningKey } from './audit/signing-key.ts';
export { SqliteAuditCheckpointStore } from './adapters/sqlite/sqlite-audit-checkpoint-store.ts';
export { verifyEventStore, type StoreVerification } from './audit/verify-store.ts';
export { writeFileOnce } from './adapters/filesystem/write-once.ts';
export { writeFileWhole, FileWriteError, type WriteFileOptions } from './adapters/filesystem/file-writer.ts';
