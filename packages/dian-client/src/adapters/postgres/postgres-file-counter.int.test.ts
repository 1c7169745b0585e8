import { freshTestSchema, type TestSchema } from '@fe/platform-postgres/testing';
import { afterAll } from 'vitest';
import { fileCounterContract } from '../../../test-support/file-counter.contract.ts';
import { fileCounterMigrations, PostgresFileCounter } from './postgres-file-counter.ts';

const schemas: TestSchema[] = [];
afterAll(async () => {
  for (const schema of schemas) await schema.drop();
});

// Each case on a schema of its own; each `open()` another pool, as another process has.
fileCounterContract('postgres', async () => {
  const schema = await freshTestSchema({ sets: [fileCounterMigrations()] });
  schemas.push(schema);
  return { open: () => new PostgresFileCounter(schema.openPool()) };
});
