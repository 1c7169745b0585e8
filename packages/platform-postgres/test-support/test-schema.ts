import { randomBytes } from 'node:crypto';
import type pg from 'pg';
import { migrate } from '../src/migrations/migrate.ts';
import type { MigrationSet } from '../src/migrations/read-migrations.ts';
import { createPostgresPool } from '../src/pool.ts';

/** The server the integration run started (infra/); never a default, so a missing one cannot pass unnoticed. */
export function testPostgresUrl(): string {
  const url = process.env.FE_TEST_POSTGRES_URL;
  if (!url) {
    throw new Error(
      'FE_TEST_POSTGRES_URL is not set: the PostgreSQL integration tests need a server (e.g. postgres://postgres@127.0.0.1:55432/postgres, started by the infra scripts; docs/platform.md)',
    );
  }
  return url;
}

export type TestSchema = {
  pool: pg.Pool;
  schema: string;
  url: string;
  /** Another pool on the same schema (its own connections, as another process would have); `drop()` ends it. */
  openPool(): pg.Pool;
  drop(): Promise<void>;
};

/**
 * A fresh migrated schema for one test file, so files run in parallel on one server without seeing each other's
 * rows. `drop()` removes it and ends the pool.
 */
export async function freshTestSchema(
  options: { migrate?: boolean; max?: number; sets?: readonly MigrationSet[] } = {},
): Promise<TestSchema> {
  const url = testPostgresUrl();
  const schema = `fe_test_${randomBytes(6).toString('hex')}`;
  const pool = createPostgresPool({ connectionString: url, schema, max: options.max ?? 10 });
  if (options.migrate !== false) {
    await migrate(pool, { schema });
    for (const { set, migrations } of options.sets ?? []) await migrate(pool, { schema, set, migrations });
  }
  const others: pg.Pool[] = [];
  return {
    pool,
    schema,
    url,
    openPool() {
      const other = createPostgresPool({ connectionString: url, schema, max: 2 });
      others.push(other);
      return other;
    },
    async drop() {
      await Promise.all(others.splice(0).map((other) => other.end()));
      await pool.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      await pool.end();
    },
  };
}
