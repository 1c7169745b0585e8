import { freshTestSchema, type TestSchema } from '@fe/platform-postgres/testing';
import { afterAll, beforeAll } from 'vitest';
import { expiryWarningStoreContract } from '../../../test-support/expiry-warning-store.contract.ts';
import { accountStoreMigrations } from './postgres-account-store.ts';
import { PostgresExpiryWarningStore } from './postgres-expiry-warning-store.ts';

// One schema for the file; each case starts from an empty table, the two stores on pools of their own.
let db: TestSchema;
beforeAll(async () => {
  db = await freshTestSchema({ sets: [accountStoreMigrations()] });
});
afterAll(() => db?.drop());

expiryWarningStoreContract('postgres', async () => {
  await db.pool.query('TRUNCATE portal_certificate_expiry_warnings');
  return [new PostgresExpiryWarningStore(db.pool), new PostgresExpiryWarningStore(db.openPool())];
});
