import { PostgresEventStore } from '@fe/platform-postgres';
import { freshTestSchema, type TestSchema } from '@fe/platform-postgres/testing';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { concurrentCredits } from '../../test-support/note-scenarios.ts';

// Two ingress processes in effect: two pools (two sets of connections) and an allocator each, on one database.
describe('concurrent credit notes on PostgreSQL', () => {
  let db: TestSchema;
  beforeAll(async () => {
    db = await freshTestSchema();
  });
  afterAll(() => db?.drop());

  it("never together exceed the invoice's balance: 12 credits of 30 % from two processes, 3 numbered, 9 CREDIT_EXCEEDS_BALANCE", async () => {
    await concurrentCredits([new PostgresEventStore(db.pool), new PostgresEventStore(db.openPool())], 12);
  });
});
