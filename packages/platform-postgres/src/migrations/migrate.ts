import type pg from 'pg';
import { PostgresAdapterError } from '../errors.ts';
import { checkSchemaName } from '../pool.ts';
import { readMigrations, type Migration } from './read-migrations.ts';

/** The migration set of this package's own tables (migrations/ beside src/). */
export const PLATFORM_MIGRATION_SET = 'platform';

const SET_NAME = /^[a-z][a-z0-9_-]{0,62}$/;

export type MigrateOptions = {
  schema: string;
  /**
   * Whose migrations these are: each package owning tables names its own set, so numbers never collide and this
   * package never needs to know another's tables. Default 'platform'.
   */
  set?: string;
  /** Default: this package's migrations; another set passes `readMigrations(itsFolder)`. */
  migrations?: readonly Migration[];
};

/**
 * Brings `schema` up to date at start, each migration in its own transaction with its record. A session advisory
 * lock per schema makes two processes starting at once take turns.
 *
 *   const { applied } = await migrate(pool, { schema: 'fe' }); // ['001_event_store', …] the first time, [] after
 */
export async function migrate(pool: pg.Pool, options: MigrateOptions): Promise<{ applied: string[] }> {
  const schema = checkSchemaName(options.schema);
  const set = options.set ?? PLATFORM_MIGRATION_SET;
  if (!SET_NAME.test(set))
    throw new PostgresAdapterError(
      'MIGRATION_NAME_INVALID',
      `migration set ${JSON.stringify(set)} must match ${SET_NAME}`,
    );
  if (options.migrations === undefined && set !== PLATFORM_MIGRATION_SET) {
    throw new PostgresAdapterError(
      'MIGRATION_NAME_INVALID',
      `migration set ${set} needs its own migrations (readMigrations(folder))`,
    );
  }
  const migrations = options.migrations ?? readMigrations();
  const client = await pool.connect();
  const lockKey = `fe.migrations.${schema}`;
  try {
    await client.query('SELECT pg_advisory_lock(hashtextextended($1, 0))', [lockKey]);
    try {
      return { applied: await applyPending(client, schema, set, migrations) };
    } finally {
      await client.query('SELECT pg_advisory_unlock(hashtextextended($1, 0))', [lockKey]);
    }
  } finally {
    client.release();
  }
}

async function applyPending(
  client: pg.PoolClient,
  schema: string,
  set: string,
  migrations: readonly Migration[],
): Promise<string[]> {
  await client.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
  await client.query(`CREATE TABLE IF NOT EXISTS ${schema}.schema_migrations (
    migration_set text NOT NULL, version integer NOT NULL, name text NOT NULL, checksum text NOT NULL,
    applied_at timestamptz NOT NULL DEFAULT now(), PRIMARY KEY (migration_set, version))`);
  await addSetColumn(client, schema);
  const done = new Map(
    (
      await client.query<{ version: number; checksum: string }>(
        `SELECT version, checksum FROM ${schema}.schema_migrations WHERE migration_set = $1`,
        [set],
      )
    ).rows.map((r) => [r.version, r.checksum]),
  );
  const applied: string[] = [];
  for (const migration of migrations) {
    const label = `${String(migration.version).padStart(3, '0')}_${migration.name}`;
    const checksum = done.get(migration.version);
    if (checksum !== undefined) {
      if (checksum !== migration.checksum)
        throw new PostgresAdapterError(
          'MIGRATION_CHANGED',
          `${set} ${label} was applied to schema ${schema} with other content; add a new migration instead`,
        );
      continue;
    }
    try {
      await client.query('BEGIN');
      await client.query(`SET LOCAL search_path = ${schema}`);
      await client.query(migration.sql);
      await client.query(
        `INSERT INTO ${schema}.schema_migrations (migration_set, version, name, checksum) VALUES ($1, $2, $3, $4)`,
        [set, migration.version, migration.name, migration.checksum],
      );
      await client.query('COMMIT');
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw new PostgresAdapterError(
        'MIGRATION_FAILED',
        `${set} ${label} failed on schema ${schema}: ${(error as Error).message}`,
        { cause: error },
      );
    }
    applied.push(label);
  }
  return applied;
}

/**
 * Upgrades a `schema_migrations` keyed by version alone to the (set, version) key, its rows becoming 'platform', in
 * one transaction under the caller's lock.
 */
async function addSetColumn(client: pg.PoolClient, schema: string): Promise<void> {
  const { rowCount } = await client.query(
    `SELECT 1 FROM information_schema.columns WHERE table_schema = $1 AND table_name = 'schema_migrations' AND column_name = 'migration_set'`,
    [schema],
  );
  if (rowCount) return;
  await client.query('BEGIN');
  try {
    await client.query(
      `ALTER TABLE ${schema}.schema_migrations ADD COLUMN migration_set text NOT NULL DEFAULT '${PLATFORM_MIGRATION_SET}'`,
    );
    await client.query(`ALTER TABLE ${schema}.schema_migrations ALTER COLUMN migration_set DROP DEFAULT`);
    await client.query(
      `ALTER TABLE ${schema}.schema_migrations DROP CONSTRAINT schema_migrations_pkey, ADD PRIMARY KEY (migration_set, version)`,
    );
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw new PostgresAdapterError(
      'MIGRATION_FAILED',
      `adding migration sets to ${schema}.schema_migrations failed: ${(error as Error).message}`,
      { cause: error },
    );
  }
}
