import { freshTestSchema, type TestSchema } from '@fe/platform-postgres/testing';
import { afterAll, beforeAll } from 'vitest';
import { attemptStoreContract } from '../../../test-support/attempt-store.contract.ts';
import { accountStoreMigrations } from './postgres-account-store.ts';
import { PostgresAttemptStore } from './postgres-attempt-store.ts';

// One schema for the file; each case starts from an empty table, the two stores on pools of their own.
let db: TestSchema;
beforeAll(async () => {
  db = await freshTestSchema({ sets: [accountStoreMigrations()] });
});
afterAll(() => db?.drop());

attemptStoreContract('postgres', async () => {
  await db.pool.query('TRUNCATE portal_attempts');
  return [new PostgresAttemptStore(db.pool), new PostgresAttemptStore(db.openPool())];
});
