import { readdirSync, readFileSync } from 'node:fs';
import pg from 'pg';
import type { TestSchema } from './test-schema.ts';

/** Holds the event store's commit lock from outside, as an append in flight holds it. */
export const HOLD_COMMIT_LOCK = `SELECT pg_advisory_lock(1178952, 'events'::regclass::oid::integer)`;
export const RELEASE_COMMIT_LOCK = `SELECT pg_advisory_unlock(1178952, 'events'::regclass::oid::integer)`;

/**
 * Replaces `try_append_events` (what the store calls; `append_events` calls it too) in the test's schema with the
 * same function minus the commit lock: the naive store the global-order test must catch.
 */
export async function withoutCommitLock(db: TestSchema): Promise<void> {
  const folder = new URL('../migrations/', import.meta.url);
  const newest = readdirSync(folder)
    .filter((file) => file.endsWith('.sql'))
    .sort()
    .reverse()
    .map((file) => readFileSync(new URL(file, folder), 'utf8'))
    .find((text) => text.includes('CREATE FUNCTION try_append_events'));
  if (!newest) throw new Error('no migration defines try_append_events');
  const sql = newest;
  const naive = sql
    .slice(sql.indexOf('CREATE FUNCTION'))
    .replace('CREATE FUNCTION', 'CREATE OR REPLACE FUNCTION')
    .replace(/PERFORM pg_advisory_xact_lock[^;]*;/, '');
  if (naive.includes('pg_advisory_xact_lock')) throw new Error('the commit lock was not removed');
  await db.pool.query(naive);
}

/** A pool on the test's schema whose connections carry `application_name`, to find them in pg_stat_activity. */
export function namedPool(db: TestSchema, applicationName: string): pg.Pool {
  const pool = new pg.Pool({
    connectionString: db.url,
    max: 2,
    options: `-c search_path=${db.schema}`,
    application_name: applicationName,
  });
  pool.on('error', () => undefined); // a terminated idle connection is what some tests do on purpose
  return pool;
}

/** Resolves with the backend pid once a connection named `applicationName` waits on an advisory lock. */
export async function waitingOnAdvisoryLock(db: TestSchema, applicationName: string): Promise<number> {
  for (let tries = 0; tries < 500; tries++) {
    const { rows } = await db.pool.query<{ pid: number }>(
      `SELECT pid FROM pg_stat_activity WHERE application_name = $1 AND wait_event_type = 'Lock' AND wait_event = 'advisory'`,
      [applicationName],
    );
    if (rows[0]) return rows[0].pid;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`no connection named ${applicationName} waited on the commit lock`);
}
