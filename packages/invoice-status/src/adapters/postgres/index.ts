// @fe/invoice-status/postgres: the status store on PostgreSQL. A separate entry point, so a projection
// on SQLite never loads pg.
export { PostgresStatusStore, statusStoreMigrations } from './postgres-status-store.ts';
