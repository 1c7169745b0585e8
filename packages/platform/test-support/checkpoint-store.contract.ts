import { describe, expect, it } from 'vitest';
import type { CheckpointStore } from '../src/ports/checkpoint-store.ts';

/** What every CheckpointStore adapter must do (ports/checkpoint-store.ts). */
export function checkpointStoreContract(name: string, factory: () => Promise<CheckpointStore> | CheckpointStore): void {
  describe(`CheckpointStore contract: ${name}`, () => {
    it('reads an unknown name as 0, then what was saved last, per name', async () => {
      const store = await factory();
      const a = `a-${Math.random()}`;
      const b = `b-${Math.random()}`;
      expect(await store.load(a)).toBe(0n);
      await store.save(a, 5n);
      await store.save(a, 9n);
      await store.save(b, 2n);
      expect(await store.load(a)).toBe(9n);
      expect(await store.load(b)).toBe(2n);
    });

    it('keeps positions beyond 2^53 exactly', async () => {
      const store = await factory();
      const name = `big-${Math.random()}`;
      await store.save(name, 2n ** 62n + 1n);
      expect(await store.load(name)).toBe(2n ** 62n + 1n);
    });
  });
}
