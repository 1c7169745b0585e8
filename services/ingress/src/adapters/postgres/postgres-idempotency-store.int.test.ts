import { freshTestSchema, type TestSchema } from '@fe/platform-postgres/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idempotencyStoreContract } from '../../../test-support/idempotency-store.contract.ts';
import { idempotencyStoreMigrations, PostgresIdempotencyStore } from './postgres-idempotency-store.ts';

// One schema for the file; each case starts from an empty table (the suite's "fresh, empty storage").
let db: TestSchema;
beforeAll(async () => {
  db = await freshTestSchema({ sets: [idempotencyStoreMigrations()] });
});
afterAll(() => db?.drop());

idempotencyStoreContract('postgres', async () => {
  await db.pool.query('TRUNCATE idempotency_keys');
  return new PostgresIdempotencyStore(db.pool);
});

describe('PostgresIdempotencyStore on two replicas', () => {
  const t0 = new Date('2026-03-10T15:00:00Z');
  const begin = (store: PostgresIdempotencyStore, now: Date, storeHead: bigint) =>
    store.begin({
      tenantId: 'demo',
      key: 'shared',
      endpoint: 'invoice',
      requestHash: 'h',
      now,
      leaseMs: 1000,
      storeHead,
    });

  it('lets exactly one of many begins from two replicas start, and exactly one take over once the lease ended', async () => {
    await db.pool.query('TRUNCATE idempotency_keys');
    const replicas = [new PostgresIdempotencyStore(db.pool), new PostgresIdempotencyStore(db.openPool())];
    const started = await Promise.all(Array.from({ length: 12 }, (_, i) => begin(replicas[i % 2]!, t0, 7n)));
    expect(started.filter((r) => r.outcome === 'started')).toHaveLength(1);
    const afterLease = new Date(t0.getTime() + 1000);
    const takeOvers = await Promise.all(Array.from({ length: 12 }, (_, i) => begin(replicas[i % 2]!, afterLease, 99n)));
    expect(takeOvers.filter((r) => r.outcome === 'taken_over')).toEqual([{ outcome: 'taken_over', storeHead: 7n }]);
    expect(takeOvers.filter((r) => r.outcome === 'in_progress')).toHaveLength(11);
  });
});
