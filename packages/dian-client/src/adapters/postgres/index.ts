// @fe/dian-client/postgres: the file counter on PostgreSQL. A separate entry point, so a process on SQLite never
// loads pg.
export { PostgresFileCounter, fileCounterMigrations } from './postgres-file-counter.ts';
