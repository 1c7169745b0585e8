import type pg from 'pg';
import { freshTestSchema, type TestSchema } from '@fe/platform-postgres/testing';
import { afterAll, beforeAll } from 'vitest';
import { statusStoreContract } from '../../../test-support/status-store.contract.ts';
import { PostgresStatusStore, statusStoreMigrations } from './postgres-status-store.ts';

// One schema for the file; each case starts from an empty table (the suite's "fresh, empty storage").
let db: TestSchema;
let processB: pg.Pool; // another pool on the same schema: "another process"
beforeAll(async () => {
  db = await freshTestSchema({ sets: [statusStoreMigrations()] });
  processB = db.openPool();
});
afterAll(() => db?.drop());

statusStoreContract('postgres', async () => {
  await db.pool.query('TRUNCATE invoice_status');
  return { store: new PostgresStatusStore(db.pool), another: async () => new PostgresStatusStore(processB) };
});
