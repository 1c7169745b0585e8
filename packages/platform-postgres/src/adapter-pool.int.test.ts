import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdapterPool } from './adapter-pool.ts';
import { createPostgresPool } from './pool.ts';
import { statement } from './statement.ts';
import { freshTestSchema, type TestSchema } from '../test-support/test-schema.ts';

class TakenError extends Error {
  readonly code = 'TAKEN';
}

let db: TestSchema;
beforeAll(async () => {
  db = await freshTestSchema({ migrate: false });
  await db.pool.query(`CREATE SCHEMA ${db.schema}`);
  await db.pool.query('CREATE TABLE names (name text CONSTRAINT names_unique UNIQUE)');
});
afterAll(() => db?.drop());

describe('AdapterPool', () => {
  const adapter = () =>
    new AdapterPool(db.pool, {
      name: 'the names store',
      translate: (e) => (e.constraint === 'names_unique' ? new TakenError('taken') : undefined),
    });

  it("reports a constraint the port gives a meaning to with the port's error, inside a transaction too, and rolls the transaction back", async () => {
    const names = adapter();
    await names.query('INSERT INTO names VALUES ($1)', ['ana']);
    await expect(names.query('INSERT INTO names VALUES ($1)', ['ana'])).rejects.toBeInstanceOf(TakenError);
    await expect(
      names.transaction(async (tx) => {
        await tx.query('INSERT INTO names VALUES ($1)', ['beto']);
        await tx.query('INSERT INTO names VALUES ($1)', ['ana']);
      }),
    ).rejects.toBeInstanceOf(TakenError);
    expect((await names.query('SELECT name FROM names ORDER BY name')).rows).toEqual([{ name: 'ana' }]);
  });

  it('leaves an error the work threw as it was, and passes other SQL errors through untranslated', async () => {
    const names = adapter();
    const own = new RangeError('mine');
    await expect(
      names.transaction(async () => {
        throw own;
      }),
    ).rejects.toBe(own);
    await expect(names.query('SELECT * FROM no_such_table')).rejects.toMatchObject({ code: '42P01' });
  });

  it('is STORE_UNAVAILABLE (retriable) once closed, twice harmlessly, while the shared pool still serves others', async () => {
    const names = adapter();
    names.close();
    names.close();
    await expect(names.query('SELECT 1')).rejects.toMatchObject({ code: 'STORE_UNAVAILABLE', retriable: true });
    await expect(names.transaction(async () => undefined)).rejects.toMatchObject({
      code: 'STORE_UNAVAILABLE',
      retriable: true,
    });
    expect((await adapter().query('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
  });

  it('is STORE_UNAVAILABLE (retriable) when the server cannot be reached, for a query and a transaction', async () => {
    const nowhere = createPostgresPool({ connectionString: 'postgres://postgres@127.0.0.1:1/postgres', schema: 'fe' });
    try {
      const names = new AdapterPool(nowhere, { name: 'the names store' });
      await expect(names.query('SELECT 1')).rejects.toMatchObject({ code: 'STORE_UNAVAILABLE', retriable: true });
      await expect(names.transaction(async (tx) => tx.query('SELECT 1'))).rejects.toMatchObject({
        code: 'STORE_UNAVAILABLE',
        retriable: true,
      });
    } finally {
      await nowhere.end();
    }
  });

  it('prepares a statement once per connection and then only executes it, also after a refusal on that connection', async () => {
    const one = createPostgresPool({ connectionString: db.url, schema: db.schema, max: 1 });
    try {
      const names = new AdapterPool(one, {
        name: 'the names store',
        translate: (e) => (e.constraint === 'names_unique' ? new TakenError('taken') : undefined),
      });
      const insert = statement('INSERT INTO names VALUES ($1) RETURNING name');
      expect((await names.query(insert, ['carla'])).rows).toEqual([{ name: 'carla' }]);
      await expect(names.query(insert, ['carla'])).rejects.toBeInstanceOf(TakenError);
      expect((await names.query(insert, ['dora'])).rows).toEqual([{ name: 'dora' }]);
      const prepared = await names.query<{ name: string; statement: string }>(
        'SELECT name, statement FROM pg_prepared_statements',
      );
      expect(prepared.rows).toEqual([{ name: insert.name, statement: insert.text }]);
      expect(statement(insert.text)).toEqual(insert);
      expect(statement('SELECT name FROM names').name).not.toBe(insert.name);
    } finally {
      await one.end();
    }
  });
});
