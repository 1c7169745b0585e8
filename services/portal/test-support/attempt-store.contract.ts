import { afterEach, describe, expect, it } from 'vitest';
import type { AttemptStore } from '../src/ports/attempt-store.ts';

const at = new Date('2026-03-10T12:00:00Z');
const later = (ms: number) => new Date(at.getTime() + ms);
const minute = { windowMs: 60_000, limit: 3 };

/**
 * What every AttemptStore adapter must do; `open` gives two stores on the same fresh, empty
 * storage, with connections of their own, as two portal instances would have.
 */
export function attemptStoreContract(name: string, open: () => Promise<[AttemptStore, AttemptStore]>): void {
  describe(`AttemptStore contract: ${name}`, () => {
    const opened: AttemptStore[] = [];
    afterEach(async () => {
      for (const store of opened.splice(0)) await store.close();
    });
    const fresh = async () => {
      const pair = await open();
      opened.push(...pair);
      return pair;
    };

    it('counts hits per key in a window that ends, and forgets a cleared key', async () => {
      const [store] = await fresh();
      expect(await store.count('k1', at)).toBe(0);
      expect(await store.hit('k1', { windowMs: 60_000, limit: 10 }, at)).toBe(1);
      expect(await store.hit('k1', { windowMs: 60_000, limit: 10 }, later(59_999))).toBe(2);
      expect(await store.hit('k2', { windowMs: 60_000, limit: 10 }, later(1))).toBe(1); // another key, its own count
      expect(await store.count('k1', later(59_999))).toBe(2);
      expect(await store.count('k1', later(60_000))).toBe(0); // the window opened at `at` ended
      expect(await store.hit('k1', { windowMs: 60_000, limit: 10 }, later(60_000))).toBe(1); // a new window
      await store.clear('k2');
      expect(await store.count('k2', later(2))).toBe(0);
    });

    it('keeps a key that reached its limit there for a full window from that hit', async () => {
      const [store] = await fresh();
      for (const ms of [0, 10_000]) await store.hit('k', minute, later(ms));
      expect(await store.hit('k', minute, later(50_000))).toBe(3); // the limit: the window opens again here
      expect(await store.count('k', later(109_999))).toBe(3);
      expect(await store.hit('k', minute, later(100_000))).toBe(4); // over it: the window is not stretched again
      expect(await store.count('k', later(110_000))).toBe(0);
    });

    it('shares counts between two instances and loses none when they hit one key at once', async () => {
      const [first, second] = await fresh();
      await first.hit('shared', minute, at);
      expect(await second.hit('shared', minute, at)).toBe(2);
      expect(await first.count('shared', at)).toBe(2);
      const hits = await Promise.all(
        Array.from({ length: 40 }, (_, i) =>
          (i % 2 ? first : second).hit('race', { windowMs: 60_000, limit: 1000 }, at),
        ),
      );
      expect(hits.sort((a, b) => a - b)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1)); // each count given once
      expect(await second.count('race', at)).toBe(40);
    });

    it('deletes the windows that ended, so storage does not grow with every address ever seen', async () => {
      const [store] = await fresh();
      for (let i = 0; i < 5; i++) await store.hit(`old-${i}`, minute, at);
      await store.hit('new', minute, later(10 * 60_000)); // the purge runs on a hit, at most once a minute
      for (let i = 0; i < 5; i++) expect(await store.count(`old-${i}`, at)).toBe(0); // gone, not only expired
    });
  });
}
