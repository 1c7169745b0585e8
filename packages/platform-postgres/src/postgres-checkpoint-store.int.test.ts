import { checkpointStoreContract } from '@fe/platform/testing';
import { afterAll, beforeAll } from 'vitest';
import { PostgresCheckpointStore } from './postgres-checkpoint-store.ts';
import { freshTestSchema, type TestSchema } from '../test-support/test-schema.ts';

let db: TestSchema;
beforeAll(async () => {
  db = await freshTestSchema();
});
afterAll(() => db?.drop());

checkpointStoreContract('postgres', () => new PostgresCheckpointStore(db.pool));
