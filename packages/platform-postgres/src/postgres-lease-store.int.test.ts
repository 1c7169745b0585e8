import { leaseStoreContract } from '@fe/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PostgresLeaseStore } from './postgres-lease-store.ts';
import { terminateLeaseHolder } from '../test-support/lease-holder.ts';
import { freshTestSchema, type TestSchema } from '../test-support/test-schema.ts';

let db: TestSchema;
beforeAll(async () => {
  db = await freshTestSchema({ migrate: false });
});
afterAll(() => db?.drop());

const stores = (): [PostgresLeaseStore, PostgresLeaseStore] => [
  new PostgresLeaseStore({ connectionString: db.url, schema: db.schema }),
  new PostgresLeaseStore({ connectionString: db.url, schema: db.schema }),
];

// Cut as a dead holder's lease is cut: the server ends its session.
leaseStoreContract('postgres', {
  stores,
  cut: async (_store, _lease, name) => void (await terminateLeaseHolder(db.pool, db.schema, name)),
});

describe('PostgresLeaseStore', () => {
  it('keeps the leases of two schemas apart', async () => {
    const other = new PostgresLeaseStore({ connectionString: db.url, schema: `${db.schema}_other` });
    const name = `relay.${Math.random()}`;
    const mine = await stores()[0].tryAcquire(name);
    const theirs = await other.tryAcquire(name);
    expect(mine).toBeDefined();
    expect(theirs).toBeDefined();
    await mine!.release();
    await theirs!.release();
  });

  it('a holder whose session the server ended has lost the lease before it asks', async () => {
    const [a, b] = stores();
    const name = `relay.${Math.random()}`;
    const lease = (await a.tryAcquire(name))!;
    expect(await terminateLeaseHolder(db.pool, db.schema, name)).toBe(1);
    const taken = await b.tryAcquire(name);
    expect(taken).toBeDefined();
    expect(await lease.stillHeld()).toBe(false);
    await taken!.release();
  });
});
