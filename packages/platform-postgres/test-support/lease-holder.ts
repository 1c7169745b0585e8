import type pg from 'pg';

/**
 * Ends the session that holds the lease `name` of `schema` (PostgresLeaseStore), as the server
 * ends a dead holder's: the tests' way to kill the active relay's lease. Returns how many sessions it ended.
 */
export async function terminateLeaseHolder(pool: pg.Pool, schema: string, name: string): Promise<number> {
  const { rows } = await pool.query<{ ended: boolean }>(
    `SELECT pg_terminate_backend(pid, 5000) AS ended FROM pg_locks
      WHERE locktype = 'advisory' AND granted AND objsubid = 2 AND classid = 1178953 AND objid = hashtext($1)::oid`,
    [`${schema}.${name}`],
  );
  return rows.filter((r) => r.ended).length;
}
