// @fe/ingress/postgres: the idempotency store on PostgreSQL. A separate entry point, so an ingress
// on SQLite never loads pg.
export { PostgresIdempotencyStore, idempotencyStoreMigrations } from './postgres-idempotency-store.ts';
