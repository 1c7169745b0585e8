// The public surface of @fe/platform-postgres. Anything not exported here is private.
export { PostgresEventStore } from './postgres-event-store.ts';
export { PostgresCheckpointStore } from './postgres-checkpoint-store.ts';
export { PostgresDeadLetterStore } from './postgres-dead-letter-store.ts';
export { PostgresLeaseStore, type PostgresLeaseStoreOptions } from './postgres-lease-store.ts';
export { createPostgresPool, checkSchemaName, type PostgresPoolOptions } from './pool.ts';
export { migrate, PLATFORM_MIGRATION_SET, type MigrateOptions } from './migrations/migrate.ts';
export {
  readMigrations,
  packagedMigrations,
  migrationSet,
  type Migration,
  type MigrationSet,
} from './migrations/read-migrations.ts';
export { translatePgError } from './translate-error.ts';
export { statement, type Statement } from './statement.ts';
export { AdapterPool, type AdapterPoolOptions, type PgFailure, type Queryable } from './adapter-pool.ts';
export { PostgresAdapterError, type PostgresAdapterErrorCode } from './errors.ts';
export { PostgresAuditCheckpointStore } from './postgres-audit-checkpoint-store.ts';
export {
  listenForAppends,
  appendsChannel,
  type AppendListener,
  type AppendListenerOptions,
} from './append-listener.ts';
