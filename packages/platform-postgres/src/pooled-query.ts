import pg from 'pg';
import type { Statement } from './statement.ts';

/**
 * `pool.query` without its cost on errors: node-postgres discards the connection on any failure (node-postgres#1290),
 * so each lost race or constraint refusal opened a new backend. An error the server answered leaves the connection
 * usable and it goes back to the pool; any other (socket, timeout, a FATAL that ends the session) discards it.
 */
export async function pooledQuery<R extends pg.QueryResultRow>(
  pool: pg.Pool,
  sql: string | Statement,
  values: unknown[] = [],
): Promise<pg.QueryResult<R>> {
  const client = await pool.connect();
  let broken: Error | undefined;
  // A checked-out client has no listener of the pool's: the server ending the session (a restart) would crash us.
  const onError = (error: Error) => void (broken = error);
  client.on('error', onError);
  try {
    return await client.query<R>(typeof sql === 'string' ? { text: sql, values } : { ...sql, values });
  } catch (error) {
    if (!answered(error)) broken ??= error instanceof Error ? error : new Error(String(error));
    throw error;
  } finally {
    client.off('error', onError);
    client.release(broken);
  }
}

/** An ERROR the server reported on a session it keeps; FATAL and PANIC end the session. */
const answered = (error: unknown): boolean => error instanceof pg.DatabaseError && error.severity === 'ERROR';
