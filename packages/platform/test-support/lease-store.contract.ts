import { describe, expect, it } from 'vitest';
import type { Lease, LeaseStore } from '../src/ports/lease-store.ts';

export type LeaseStoreContractOptions = {
  /** Two stores on the same backing store, as two processes would have (one is enough in-process). */
  stores(): Promise<[LeaseStore, LeaseStore]> | [LeaseStore, LeaseStore];
  /** Takes the lease away from its holder as its store can lose it (PostgreSQL: the connection is terminated). */
  cut(store: LeaseStore, lease: Lease, name: string): Promise<void>;
};

/** What every LeaseStore adapter must do (ports/lease-store.ts). */
export function leaseStoreContract(name: string, options: LeaseStoreContractOptions): void {
  describe(`LeaseStore contract: ${name}`, () => {
    const fresh = () => `relay.contract.${Math.random().toString(36).slice(2)}`;

    it('gives a name to one holder at a time; other names are independent', async () => {
      const [a, b] = await options.stores();
      const name = fresh();
      const held = await a.tryAcquire(name);
      expect(held).toBeDefined();
      expect(await held!.stillHeld()).toBe(true);
      expect(await b.tryAcquire(name)).toBeUndefined();
      // not re-entrant: a second relay in the same process stands by too
      expect(await a.tryAcquire(name)).toBeUndefined();
      const other = await b.tryAcquire(fresh());
      expect(other).toBeDefined();
      await held!.release();
      await other!.release();
    });

    it('after a release, another holder takes the name and the old lease is no longer held', async () => {
      const [a, b] = await options.stores();
      const name = fresh();
      const first = (await a.tryAcquire(name))!;
      await first.release();
      await first.release(); // idempotent
      expect(await first.stillHeld()).toBe(false);
      const second = await b.tryAcquire(name);
      expect(second).toBeDefined();
      expect(await second!.stillHeld()).toBe(true);
      await second!.release();
    });

    it('a lost lease answers not held, for good, and frees the name for a standby', async () => {
      const [a, b] = await options.stores();
      const name = fresh();
      const first = (await a.tryAcquire(name))!;
      await options.cut(a, first, name);
      expect(await first.stillHeld()).toBe(false);
      const second = await b.tryAcquire(name);
      expect(second).toBeDefined();
      expect(await first.stillHeld()).toBe(false);
      expect(await second!.stillHeld()).toBe(true);
      await first.release(); // releasing a lost lease does not free the new holder's
      expect(await second!.stillHeld()).toBe(true);
      expect(await a.tryAcquire(name)).toBeUndefined();
      await second!.release();
    });
  });
}
