import { deadLetterStoreContract } from '@fe/platform/testing';
import { afterAll, beforeAll } from 'vitest';
import { PostgresDeadLetterStore } from './postgres-dead-letter-store.ts';
import { freshTestSchema, type TestSchema } from '../test-support/test-schema.ts';

let db: TestSchema;
beforeAll(async () => {
  db = await freshTestSchema();
});
afterAll(() => db?.drop());

// Each case starts from an empty store, as the embedded twin's ':memory:' does.
deadLetterStoreContract('postgres', async () => {
  await db.pool.query('TRUNCATE dead_letters RESTART IDENTITY');
  return new PostgresDeadLetterStore(db.pool);
});
