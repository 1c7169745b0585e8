import type pg from 'pg';
import { PostgresAdapterError } from '../errors.ts';
import { checkSchemaName } from '../pool.ts';
import { readMigrations, type Migration } from './read-migrations.ts';

/**
 * Brings `schema` up to date at start: creates it, then applies each migration not yet recorded in
 * its `schema_migrations` table, in version order, each in its own transaction with its record
 * (a failed one leaves nothing behind and stops the start). A session advisory lock per schema
 * makes two processes starting at once take turns: the second finds the work done.
 *
 *   const { applied } = await migrate(pool, { schema: 'fe' }); // ['001_event_store', …] the first time, [] after
 */
export async function migrate(pool: pg.Pool, options: { schema: string; migrations?: readonly Migration[] }): Promise<{ applied: string[] }> {
  const schema = checkSchemaName(options.schema);
  const migrations = options.migrations ?? readMigrations();
  const client = await pool.connect();
  const lockKey = `fe.migrations.${schema}`;
  try {
    await client.query('SELECT pg_advisory_lock(hashtextextended($1, 0))', [lockKey]);
    try {
      return { applied: await applyPending(client, schema, migrations) };
    } finally {
      await client.query('SELECT pg_advisory_unlock(hashtextextended($1, 0))', [lockKey]);
    }
  } finally {
    client.release();
  }
}

async function applyPending(client: pg.PoolClient, schema: string, migrations: readonly Migration[]): Promise<string[]> {
  await client.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
  await client.query(`CREATE TABLE IF NOT EXISTS ${schema}.schema_migrations (
    version integer PRIMARY KEY, name text NOT NULL, checksum text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())`);
  const done = new Map((await client.query<{ version: number; checksum: string }>(`SELECT version, checksum FROM ${schema}.schema_migrations`)).rows.map((r) => [r.version, r.checksum]));
  const applied: string[] = [];
  for (const migration of migrations) {
    const label = `${String(migration.version).padStart(3, '0')}_${migration.name}`;
    const checksum = done.get(migration.version);
    if (checksum !== undefined) {
      if (checksum !== migration.checksum) throw new PostgresAdapterError('MIGRATION_CHANGED', `${label} was applied to schema ${schema} with other content; add a new migration instead`);
      continue;
    }
    try {
      await client.query('BEGIN');
      await client.query(`SET LOCAL search_path = ${schema}`);
      await client.query(migration.sql);
      await client.query(`INSERT INTO ${schema}.schema_migrations (version, name, checksum) VALUES ($1, $2, $3)`, [migration.version, migration.name, migration.checksum]);
      await client.query('COMMIT');
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw new PostgresAdapterError('MIGRATION_FAILED', `${label} failed on schema ${schema}: ${(error as Error).message}`, { cause: error });
    }
    applied.push(label);
  }
  return applied;
}
