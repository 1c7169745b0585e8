// @fe/portal/postgres: the account, attempt and expiry warning stores on PostgreSQL. A separate entry point, so a
// portal on SQLite never loads pg.
export { PostgresAccountStore, accountStoreMigrations } from './postgres-account-store.ts';
export { PostgresAttemptStore } from './postgres-attempt-store.ts';
export { PostgresExpiryWarningStore } from './postgres-expiry-warning-store.ts';
