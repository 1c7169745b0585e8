import { startCpuHog } from '@fe/platform/testing';
import { describe, expect, it } from 'vitest';
import type { FileCounter, FileNumberRequest } from '../src/ports/file-counter.ts';

/** Fresh, empty storage and connections to it: each `open()` is another connection, as another process has. */
export type FileCounterStorage = { open(): FileCounter | Promise<FileCounter> };

const ask = (owner: string, over: Partial<FileNumberRequest> = {}): FileNumberRequest => ({
  nit: '900373076',
  kind: 'nc',
  year: 2026,
  owner,
  ...over,
});

/** What every FileCounter adapter must do (src/ports/file-counter.ts). */
export function fileCounterContract(name: string, storage: () => Promise<FileCounterStorage> | FileCounterStorage) {
  describe(`FileCounter contract: ${name}`, () => {
    it('numbers 1, 2, 3 per NIT, kind and year, each counter apart', async () => {
      const counter = await (await storage()).open();
      const taken = [];
      for (const request of [
        ask('inv-a-NC1'),
        ask('inv-a-NC2'),
        ask('inv-a-ND1', { kind: 'nd' }),
        ask('inv-a-NC1:nc', { kind: 'z' }),
        ask('inv-b-NC1', { nit: '800197268' }),
        ask('inv-a-NC3', { year: 2027 }),
        ask('inv-a-NC4'),
      ])
        taken.push(await counter.allocate(request));
      expect(taken).toEqual([
        { year: 2026, consecutive: 1 },
        { year: 2026, consecutive: 2 },
        { year: 2026, consecutive: 1 },
        { year: 2026, consecutive: 1 },
        { year: 2026, consecutive: 1 },
        { year: 2027, consecutive: 1 },
        { year: 2026, consecutive: 3 },
      ]);
      await counter.close();
    });

    it('gives an owner its own number back, in the year it was taken, and spends none on the repeat', async () => {
      const counter = await (await storage()).open();
      expect(await counter.allocate(ask('inv-a-NC1'))).toEqual({ year: 2026, consecutive: 1 });
      expect(await counter.allocate(ask('inv-a-NC1'))).toEqual({ year: 2026, consecutive: 1 });
      // A retry after New Year keeps the file's name.
      expect(await counter.allocate(ask('inv-a-NC1', { year: 2027 }))).toEqual({ year: 2026, consecutive: 1 });
      expect(await counter.allocate(ask('inv-a-NC2'))).toEqual({ year: 2026, consecutive: 2 });
      // The same owner under another kind or NIT is another file.
      expect(await counter.allocate(ask('inv-a-NC1', { kind: 'ad' }))).toEqual({ year: 2026, consecutive: 1 });
      await counter.close();
    });

    it('keeps its numbers across a close and another connection', async () => {
      const store = await storage();
      const first = await store.open();
      await first.allocate(ask('inv-a-NC1'));
      await first.allocate(ask('inv-a-NC2'));
      await first.close();
      const second = await store.open();
      expect(await second.allocate(ask('inv-a-NC2'))).toEqual({ year: 2026, consecutive: 2 });
      expect(await second.allocate(ask('inv-a-NC3'))).toEqual({ year: 2026, consecutive: 3 });
      await second.close();
    });

    it('never gives two racing connections the same number, nor skips one, on a loaded CPU', async () => {
      const store = await storage();
      const counters = await Promise.all([store.open(), store.open()]);
      const hog = startCpuHog();
      try {
        const owners = Array.from({ length: 60 }, (_, i) => `inv-race-NC${i}`);
        // Both connections ask for every owner, in opposite orders: each owner once numbered, by whichever came first.
        const runs = await Promise.all(
          counters.map((counter, c) =>
            Promise.all(
              (c === 0 ? owners : [...owners].reverse()).map(async (owner) => ({
                owner,
                taken: await counter.allocate(ask(owner)),
              })),
            ),
          ),
        );
        const byOwner = new Map<string, number>();
        for (const { owner, taken } of runs.flat()) {
          const seen = byOwner.get(owner);
          if (seen !== undefined) expect(taken.consecutive, owner).toBe(seen);
          byOwner.set(owner, taken.consecutive);
        }
        const numbers = [...byOwner.values()].sort((a, b) => a - b);
        expect(numbers).toEqual(owners.map((_, i) => i + 1));
      } finally {
        await hog.stop();
        await Promise.all(counters.map((c) => c.close()));
      }
    });
  });
}
