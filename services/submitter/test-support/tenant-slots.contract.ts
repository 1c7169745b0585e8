import { afterEach, describe, expect, it } from 'vitest';
import type { Release, TenantSlots } from '../src/concurrency/tenant-slots.ts';

/**
 * Fresh slots with the given cap, nothing held; `another()` opens a second adapter on the same
 * storage (another submitter instance). An adapter for one process alone returns undefined there.
 */
export type TenantSlotsFixture = {
  slots: TenantSlots;
  another: (() => Promise<TenantSlots>) | undefined;
  close?: () => Promise<void>;
};

/**
 * What every TenantSlots adapter must do (concurrency/tenant-slots.ts). Run it from the adapter's test file:
 *   const slots = async (cap: number) => ({ slots: createTenantSlots(cap), another: undefined });
 *   tenantSlotsContract('in-memory', slots, { shared: false });
 * `shared: false` says the adapter holds its slots in one process only: the case of two instances on one storage is
 * then not registered at all (nothing to share, rather than a test reported skipped).
 */
export function tenantSlotsContract(
  name: string,
  factory: (cap: number) => Promise<TenantSlotsFixture>,
  options: { shared: boolean } = { shared: true },
): void {
  describe(`TenantSlots contract: ${name}`, () => {
    const held: Release[] = [];
    const closers: (() => Promise<void>)[] = [];
    const open = async (cap: number) => {
      const fixture = await factory(cap);
      if (fixture.close) closers.push(fixture.close);
      return fixture;
    };
    const take = async (slots: TenantSlots, tenant: string) => {
      const release = await slots.tryAcquire(tenant);
      if (release) held.push(release);
      return release;
    };
    afterEach(async () => {
      await Promise.all(held.splice(0).map((release) => release()));
      for (const close of closers.splice(0).reverse()) await close();
    });

    it('gives at most `cap` slots per tenant, independently per tenant, and counts what this instance holds', async () => {
      const { slots } = await open(2);
      expect(await take(slots, 'a')).toBeDefined();
      expect(await take(slots, 'a')).toBeDefined();
      expect(await take(slots, 'a')).toBeUndefined();
      expect(await take(slots, 'b')).toBeDefined();
      expect(slots.inUse).toBe(3);
    });

    it('a released slot can be taken again', async () => {
      const { slots } = await open(1);
      const first = await slots.tryAcquire('a');
      expect(first).toBeDefined();
      await first!();
      expect(await take(slots, 'a')).toBeDefined();
      expect(slots.inUse).toBe(1);
    });

    it('a double release frees one slot only', async () => {
      const { slots } = await open(1);
      const release = (await slots.tryAcquire('a'))!;
      await release();
      const other = await take(slots, 'a');
      expect(other).toBeDefined();
      await release(); // stale: must not free the slot `other` holds
      expect(await take(slots, 'a')).toBeUndefined();
    });

    if (options.shared)
      it('two instances on the same storage share one cap per tenant', async () => {
        const fixture = await open(2);
        if (!fixture.another) throw new Error(`${name} is shared but its fixture opens no second instance`);
        const other = await fixture.another();
        expect(await take(fixture.slots, 'a')).toBeDefined();
        expect(await take(other, 'a')).toBeDefined();
        expect(await take(fixture.slots, 'a')).toBeUndefined();
        expect(await take(other, 'a')).toBeUndefined();
        await held.shift()!();
        expect(await take(other, 'a')).toBeDefined();
      });

    it('refuses a cap that is not a positive integer', async () => {
      await expect(open(0)).rejects.toThrow(RangeError);
      await expect(open(1.5)).rejects.toThrow(RangeError);
    });
  });
}
