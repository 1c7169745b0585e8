import { createPostgresPool } from '@fe/platform-postgres';
import { freshTestSchema, type TestSchema } from '@fe/platform-postgres/testing';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TenantSlots } from '../../concurrency/tenant-slots.ts';
import { tenantSlotsContract } from '../../../test-support/tenant-slots.contract.ts';
import { PostgresTenantSlots } from './postgres-tenant-slots.ts';

// One schema for the file (slots are keyed by schema, so files running in parallel do not meet).
let db: TestSchema;
const pools: pg.Pool[] = [];
/** A pool of its own, as another submitter instance would have (room for a few held slots). */
const instancePool = () => {
  const pool = createPostgresPool({ connectionString: db.url, schema: db.schema, max: 8 });
  pools.push(pool);
  return pool;
};
beforeAll(async () => {
  db = await freshTestSchema({ migrate: false });
});
afterAll(async () => {
  await Promise.all(pools.map((pool) => pool.end()));
  await db?.drop();
});

// Each fixture its own pools: "this instance" and "another instance" hold different sessions.
tenantSlotsContract('postgres', async (cap) => {
  const open = () => new PostgresTenantSlots({ pool: instancePool(), cap, schema: db.schema });
  return { slots: open(), another: async () => open() };
});

describe('PostgresTenantSlots: two submitter instances on one database', () => {
  it('a burst through both never holds more than the cap of one tenant at once', async () => {
    const cap = 4;
    const instances = [0, 1].map(() => new PostgresTenantSlots({ pool: instancePool(), cap, schema: db.schema }));
    const { most, calls } = await burst(instances, 40);
    expect(most).toBe(cap); // reached, never passed
    expect(calls).toBe(40);
  });

  it('a slot whose session dies (a crashed instance) is free again', async () => {
    const crashed = new PostgresTenantSlots({ pool: instancePool(), cap: 1, schema: db.schema });
    const survivor = new PostgresTenantSlots({ pool: instancePool(), cap: 1, schema: db.schema });
    const lost = await crashed.tryAcquire('crash');
    expect(lost).toBeDefined();
    expect(await survivor.tryAcquire('crash')).toBeUndefined();
    await db.pool.query(
      "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE pid <> pg_backend_pid() AND query LIKE '%pg_try_advisory_lock%' AND datname = current_database()",
    );
    let taken: (() => Promise<void>) | undefined;
    await expect.poll(async () => Boolean((taken ??= await survivor.tryAcquire('crash'))), { interval: 20 }).toBe(true);
    await taken!();
    await lost!(); // the unlock fails on the dead session: the client is discarded, nothing thrown
  });
});

/**
 * `attempts` callers spread over the instances, each trying until it gets a slot and holding it
 * for a few round trips to the server, as a DIAN call would; returns the most slots of the tenant
 * held at any moment and the calls made.
 */
async function burst(instances: TenantSlots[], attempts: number): Promise<{ most: number; calls: number }> {
  let holding = 0;
  let most = 0;
  let calls = 0;
  await Promise.all(
    Array.from({ length: attempts }, async (_, i) => {
      for (;;) {
        const release = await instances[i % instances.length]!.tryAcquire('busy-tenant');
        if (!release) {
          await new Promise((resolve) => setTimeout(resolve, 1));
          continue;
        }
        holding++;
        most = Math.max(most, holding);
        calls++;
        for (let trip = 0; trip < 3; trip++) await db.pool.query('SELECT 1');
        holding--;
        await release();
        return;
      }
    }),
  );
  return { most, calls };
}
