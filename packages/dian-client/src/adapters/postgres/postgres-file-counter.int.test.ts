import { freshTestSchema, type TestSchema } from '@fe/platform-postgres/testing';
import { afterAll, describe, expect, it } from 'vitest';
import { fileCounterContract } from '../../../test-support/file-counter.contract.ts';
import { MAX_FILE_CONSECUTIVE } from '../../file-names/file-names.ts';
import { fileCounterMigrations, PostgresFileCounter } from './postgres-file-counter.ts';

const schemas: TestSchema[] = [];
afterAll(async () => {
  for (const schema of schemas) await schema.drop();
});

async function freshSchema(): Promise<TestSchema> {
  const schema = await freshTestSchema({ sets: [fileCounterMigrations()] });
  schemas.push(schema);
  return schema;
}

// Each case on a schema of its own; each `open()` another pool, as another process has.
fileCounterContract('postgres', async () => {
  const schema = await freshSchema();
  return { open: () => new PostgresFileCounter(schema.openPool()) };
});

describe('postgres file counter', () => {
  it('refuses a number past the largest a name holds, inserts nothing, and still gives owners their numbers', async () => {
    const schema = await freshSchema();
    await schema.pool.query(
      'INSERT INTO file_numbers (nit, kind, year, consecutive, owner) VALUES ($1, $2, $3, $4, $5)',
      ['900373076', 'nc', 2026, MAX_FILE_CONSECUTIVE, 'inv-a-NC0'],
    );
    const counter = new PostgresFileCounter(schema.openPool());
    const ask = (owner: string) => counter.allocate({ nit: '900373076', kind: 'nc', year: 2026, owner });
    await expect(ask('inv-a-NC1')).rejects.toThrow(new RangeError('the nc file counter of 2026 is full'));
    const { rows } = await schema.pool.query('SELECT count(*)::int AS n FROM file_numbers');
    expect(rows[0].n).toBe(1);
    expect(await ask('inv-a-NC0')).toEqual({ year: 2026, consecutive: MAX_FILE_CONSECUTIVE });
    expect(await counter.allocate({ nit: '900373076', kind: 'nd', year: 2026, owner: 'inv-a-ND1' })).toEqual({
      year: 2026,
      consecutive: 1,
    });
    await counter.close();
  });
});
