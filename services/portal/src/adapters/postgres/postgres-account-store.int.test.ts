import { freshTestSchema, type TestSchema } from '@fe/platform-postgres/testing';
import { afterAll, beforeAll } from 'vitest';
import { accountStoreContract } from '../../../test-support/account-store.contract.ts';
import { accountStoreMigrations, PostgresAccountStore } from './postgres-account-store.ts';

// One schema for the file; each case starts from empty tables.
let db: TestSchema;
beforeAll(async () => {
  db = await freshTestSchema({ sets: [accountStoreMigrations()] });
});
afterAll(() => db?.drop());

accountStoreContract('postgres', async () => {
  await db.pool.query('TRUNCATE portal_sessions, portal_tokens, portal_accounts');
  return new PostgresAccountStore(db.pool);
});
