import pg from 'pg';
import { PostgresAdapterError } from './errors.ts';

export type PostgresPoolOptions = {
  /** postgres://user@host:port/database; the password, if any, stays in it and out of logs. */
  connectionString: string;
  /** The schema every table and function lives in (created by `migrate`). Default 'fe'. */
  schema?: string;
  /** Connections at most. Default 10. */
  max?: number;
  /** Called with errors of idle connections (a restarted server); the pool drops them and reconnects. */
  onIdleError?: (error: Error) => void;
};

const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

/** Throws SCHEMA_NAME_INVALID unless `schema` is a plain identifier (it is spliced into SQL and the search_path). */
export function checkSchemaName(schema: string): string {
  if (!SCHEMA_NAME.test(schema))
    throw new PostgresAdapterError('SCHEMA_NAME_INVALID', `schema ${JSON.stringify(schema)} must match ${SCHEMA_NAME}`);
  return schema;
}

/** The one pool a service's PostgreSQL adapters share, with the schema as its search_path. */
export function createPostgresPool(options: PostgresPoolOptions): pg.Pool {
  const schema = checkSchemaName(options.schema ?? 'fe');
  const pool = new pg.Pool({
    connectionString: options.connectionString,
    max: options.max ?? 10,
    options: `-c search_path=${schema}`,
    connectionTimeoutMillis: 10_000,
  });
  // Without a listener, an idle connection that the server drops (restart, pg_terminate_backend)
  // would crash the process; the pool already discards it and opens a new one on demand.
  pool.on('error', (error) => options.onIdleError?.(error));
  return pool;
}
