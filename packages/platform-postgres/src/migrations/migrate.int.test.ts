import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { createPostgresPool } from '../pool.ts';
import { testPostgresUrl } from '../../test-support/test-schema.ts';
import { migrate } from './migrate.ts';
import { readMigrations, type Migration } from './read-migrations.ts';

const pools: ReturnType<typeof createPostgresPool>[] = [];
const schemas: string[] = [];
const freshPool = (schema: string) => {
  const pool = createPostgresPool({ connectionString: testPostgresUrl(), schema, max: 2 });
  pools.push(pool);
  return pool;
};
const freshSchema = () => {
  const schema = `fe_migrate_${randomBytes(6).toString('hex')}`;
  schemas.push(schema);
  return schema;
};
const migration = (version: number, name: string, sql: string): Migration => ({
  version,
  name,
  sql,
  checksum: `sum-of-${sql}`,
});

afterAll(async () => {
  for (const schema of schemas) await pools[0]?.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  await Promise.all(pools.map((p) => p.end()));
});

describe('migrate', () => {
  it("applies each of the package's migrations once: the second start applies nothing", async () => {
    const schema = freshSchema();
    const pool = freshPool(schema);
    const names = readMigrations().map((m) => `${String(m.version).padStart(3, '0')}_${m.name}`);
    expect(await migrate(pool, { schema })).toEqual({ applied: names });
    expect(await migrate(pool, { schema })).toEqual({ applied: [] });
    const { rows } = await pool.query<{ version: number }>('SELECT version FROM schema_migrations ORDER BY version');
    expect(rows.map((r) => r.version)).toEqual(readMigrations().map((m) => m.version));
  });

  it('lets two processes that start at once take turns: every migration applied exactly once', async () => {
    const schema = freshSchema();
    // A slow migration widens the window in which the second would run it again without the lock.
    const slow = [
      migration(1, 'slow', 'SELECT pg_sleep(0.2); CREATE TABLE once (n int)'),
      migration(2, 'then', 'INSERT INTO once VALUES (1)'),
    ];
    const results = await Promise.all([
      migrate(freshPool(schema), { schema, migrations: slow }),
      migrate(freshPool(schema), { schema, migrations: slow }),
    ]);
    expect(results.map((r) => r.applied.length).sort()).toEqual([0, 2]);
    expect((await pools.at(-1)!.query('SELECT count(*)::int AS n FROM once')).rows[0]).toEqual({ n: 1 });
  });

  it('rolls a failed migration back whole, records nothing, and stops there', async () => {
    const schema = freshSchema();
    const pool = freshPool(schema);
    const broken = [
      migration(1, 'ok', 'CREATE TABLE a (n int)'),
      migration(2, 'broken', 'CREATE TABLE b (n int); SELECT * FROM no_such_table'),
      migration(3, 'later', 'CREATE TABLE c (n int)'),
    ];
    await expect(migrate(pool, { schema, migrations: broken })).rejects.toMatchObject({ code: 'MIGRATION_FAILED' });
    const { rows } = await pool.query<{ version: number }>('SELECT version FROM schema_migrations');
    expect(rows.map((r) => r.version)).toEqual([1]);
    const tables = await pool.query<{ tablename: string }>(
      'SELECT tablename FROM pg_tables WHERE schemaname = $1 ORDER BY 1',
      [schema],
    );
    expect(tables.rows.map((r) => r.tablename)).toEqual(['a', 'schema_migrations']);
  });

  it('refuses to start when an applied migration has changed', async () => {
    const schema = freshSchema();
    const pool = freshPool(schema);
    await migrate(pool, { schema, migrations: [migration(1, 'a', 'CREATE TABLE a (n int)')] });
    await expect(
      migrate(pool, { schema, migrations: [migration(1, 'a', 'CREATE TABLE a (n bigint)')] }),
    ).rejects.toMatchObject({ code: 'MIGRATION_CHANGED' });
  });

  it("keeps each package's migration set apart: the same numbers in two sets are both applied, each once", async () => {
    const schema = freshSchema();
    const pool = freshPool(schema);
    await migrate(pool, { schema });
    const mine = [
      migration(1, 'views', 'CREATE TABLE views (n int)'),
      migration(2, 'more', 'ALTER TABLE views ADD COLUMN m int'),
    ];
    expect(await migrate(pool, { schema, set: 'projection', migrations: mine })).toEqual({
      applied: ['001_views', '002_more'],
    });
    expect(await migrate(pool, { schema, set: 'projection', migrations: mine })).toEqual({ applied: [] });
    expect(await migrate(pool, { schema })).toEqual({ applied: [] });
    const { rows } = await pool.query<{ migration_set: string; version: number }>(
      'SELECT migration_set, version FROM schema_migrations ORDER BY 1, 2',
    );
    expect(rows.filter((r) => r.migration_set === 'projection').map((r) => r.version)).toEqual([1, 2]);
    expect(rows.filter((r) => r.migration_set === 'platform').map((r) => r.version)).toEqual(
      readMigrations().map((m) => m.version),
    );
  });

  it('refuses a set name that is not lower-case, and another set without its own files', async () => {
    const schema = freshSchema();
    const pool = freshPool(schema);
    await expect(migrate(pool, { schema, set: 'Projection; --', migrations: [] })).rejects.toMatchObject({
      code: 'MIGRATION_NAME_INVALID',
    });
    await expect(migrate(pool, { schema, set: 'projection' })).rejects.toMatchObject({
      code: 'MIGRATION_NAME_INVALID',
    });
  });

  it("upgrades a schema migrated before sets existed: its rows become the platform's, nothing is applied again", async () => {
    const schema = freshSchema();
    const pool = freshPool(schema);
    const platform = [migration(1, 'a', 'CREATE TABLE a (n int)')];
    await pool.query(`CREATE SCHEMA ${schema}`);
    await pool.query(
      `CREATE TABLE ${schema}.schema_migrations (version integer PRIMARY KEY, name text NOT NULL, checksum text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())`,
    );
    await pool.query(`CREATE TABLE ${schema}.a (n int)`);
    await pool.query(`INSERT INTO ${schema}.schema_migrations (version, name, checksum) VALUES (1, 'a', $1)`, [
      platform[0]!.checksum,
    ]);
    expect(await migrate(pool, { schema, migrations: platform })).toEqual({ applied: [] });
    expect(
      await migrate(pool, { schema, set: 'tenancy', migrations: [migration(1, 't', 'CREATE TABLE t (n int)')] }),
    ).toEqual({ applied: ['001_t'] });
    const { rows } = await pool.query('SELECT migration_set, version FROM schema_migrations ORDER BY 1');
    expect(rows).toEqual([
      { migration_set: 'platform', version: 1 },
      { migration_set: 'tenancy', version: 1 },
    ]);
  });

  it('refuses a schema name that is not a plain identifier', async () => {
    await expect(migrate(freshPool('fe'), { schema: 'fe; DROP TABLE x' })).rejects.toMatchObject({
      code: 'SCHEMA_NAME_INVALID',
    });
  });
});
