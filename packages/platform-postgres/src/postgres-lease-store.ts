import type { Lease, LeaseStore, Logger } from '@fe/platform';
import pg from 'pg';
import { checkSchemaName } from './pool.ts';

export type PostgresLeaseStoreOptions = {
  /** The same server and database as the event store. */
  connectionString: string;
  /** Leases are per schema: two deployments in one database (or two test schemas) do not share them. Default 'fe'. */
  schema?: string;
  /** How long a `stillHeld` may wait for the server before it answers false. Default 5 000 ms. */
  checkTimeoutMs?: number;
  logger?: Logger;
};

/** First key of the two-key advisory locks this store takes; the event store's commit lock uses 1178952. */
const LEASE_LOCK_NAMESPACE = 1178953;

/**
 * Leases as session advisory locks on a dedicated connection: a holder that dies frees the lock at once, and
 * TCP keepalives make a holder cut off by the network lose it too.
 */
export class PostgresLeaseStore implements LeaseStore {
  private readonly options: PostgresLeaseStoreOptions;
  private readonly schema: string;

  constructor(options: PostgresLeaseStoreOptions) {
    this.options = options;
    this.schema = checkSchemaName(options.schema ?? 'fe');
  }

  async tryAcquire(name: string): Promise<Lease | undefined> {
    const client = new pg.Client({
      connectionString: this.options.connectionString,
      connectionTimeoutMillis: 10_000,
      query_timeout: this.options.checkTimeoutMs ?? 5000,
      keepAlive: true,
    });
    let lost = false;
    // An ended session has lost its lock; the error must not crash the process.
    client.on('error', (error) => {
      lost = true;
      this.options.logger?.warn({ err: error, lease: name }, 'the connection of a lease failed; the lease is lost');
    });
    client.on('end', () => (lost = true));
    try {
      await client.connect();
      await client.query(
        "SET tcp_keepalives_idle = 5; SET tcp_keepalives_interval = 5; SET tcp_keepalives_count = 3; SET application_name = 'fe lease'",
      );
      const { rows } = await client.query<{ held: boolean }>('SELECT pg_try_advisory_lock($1, hashtext($2)) AS held', [
        LEASE_LOCK_NAMESPACE,
        `${this.schema}.${name}`,
      ]);
      if (!rows[0]?.held) {
        await client.end();
        return undefined;
      }
    } catch (error) {
      await client.end().catch(() => undefined);
      throw error;
    }
    let released = false;
    return {
      stillHeld: async () => {
        if (lost || released) return false;
        try {
          // The session is the lock: a session that answers holds it (nothing on it unlocks).
          await client.query('SELECT 1');
          return !lost && !released;
        } catch {
          lost = true;
          await client.end().catch(() => undefined);
          return false;
        }
      },
      release: async () => {
        if (released) return;
        released = true;
        // Ending the session releases the lock; an already dead session released it already.
        await client.end().catch(() => undefined);
      },
    };
  }
}
