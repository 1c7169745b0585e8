import { PlatformError } from '@fe/platform';
import type pg from 'pg';
import { pooledQuery } from './pooled-query.ts';
import type { Statement } from './statement.ts';
import { translatePgError } from './translate-error.ts';

/** A pg error as the driver reports it: the SQLSTATE and, for a constraint violation, its name. */
export type PgFailure = Error & { code?: string; constraint?: string };

/** Runs SQL for an adapter: on the pool, or inside the adapter's transaction. */
export type Queryable = {
  query<R extends pg.QueryResultRow>(sql: string, values?: unknown[]): Promise<pg.QueryResult<R>>;
};

export type AdapterPoolOptions = {
  /** What the adapter is, for the error after close ("the status store"). */
  name: string;
  /**
   * The port's own meaning of a failure (a unique violation that is CUFE_CONFLICT, …); undefined
   * leaves it to translatePgError (STORE_UNAVAILABLE for what a retry may get past).
   */
  translate?: (error: PgFailure) => unknown;
};

/**
 * The shared pool as one adapter uses it: failures arrive as the port's or platform's errors, never bare pg ones,
 * and `close()` stops this adapter only; the composition root ends the pool.
 */
export class AdapterPool implements Queryable {
  private readonly pool: pg.Pool;
  private readonly options: AdapterPoolOptions;
  private closed = false;

  constructor(pool: pg.Pool, options: AdapterPoolOptions) {
    this.pool = pool;
    this.options = options;
  }

  get isClosed(): boolean {
    return this.closed;
  }

  /** A `Statement` is prepared once per connection of the pool (statement.ts). */
  async query<R extends pg.QueryResultRow>(
    sql: string | Statement,
    values: unknown[] = [],
  ): Promise<pg.QueryResult<R>> {
    this.assertOpen();
    try {
      return await pooledQuery<R>(this.pool, sql, values);
    } catch (error) {
      throw this.translate(error);
    }
  }

  /** `work` in one transaction (READ COMMITTED): committed when it resolves, rolled back when it throws. */
  async transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T> {
    this.assertOpen();
    let client: pg.PoolClient;
    try {
      client = await this.pool.connect();
    } catch (error) {
      throw this.translate(error);
    }
    let broken: unknown;
    try {
      await client.query('BEGIN');
      const result = await work(client);
      await client.query('COMMIT');
      return result;
    } catch (error) {
      // A connection that failed mid-transaction is not returned to the pool for reuse.
      await client.query('ROLLBACK').catch((rollbackError: unknown) => void (broken = rollbackError));
      throw this.translate(error);
    } finally {
      client.release(broken instanceof Error ? broken : undefined);
    }
  }

  /** Every later call fails with STORE_UNAVAILABLE; the pool stays open. Closing twice is harmless. */
  close(): void {
    this.closed = true;
  }

  private assertOpen(): void {
    if (this.closed) throw new PlatformError('STORE_UNAVAILABLE', `${this.options.name} is closed`, true);
  }

  private translate(error: unknown): unknown {
    if (error instanceof Error && !(error instanceof PlatformError)) {
      const own = this.options.translate?.(error as PgFailure);
      if (own !== undefined) return own;
    }
    return translatePgError(error);
  }
}
