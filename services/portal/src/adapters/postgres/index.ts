// @fe/portal/postgres: the account store on PostgreSQL. A separate entry point, so a portal on SQLite never loads pg.
export { PostgresAccountStore, accountStoreMigrations } from './postgres-account-store.ts';
