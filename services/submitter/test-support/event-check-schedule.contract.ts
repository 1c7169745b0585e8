import { afterEach, describe, expect, it } from 'vitest';
import type { EventCheckSchedule } from '../src/event-checks/event-check-schedule.ts';
import { honestAboutNothingDue } from './honest-about-nothing-due.ts';

/** Fresh, empty storage; `another()` opens a second schedule on the same storage (a restart, another process). */
export type EventCheckScheduleFixture = { schedule: EventCheckSchedule; another(): Promise<EventCheckSchedule> };

const t = (ms: number) => new Date(Date.UTC(2026, 10, 22, 15, 0, 0, ms));

/**
 * What every EventCheckSchedule adapter must do (event-checks/event-check-schedule.ts). Run it from the adapter's own
 * test file:
 *   eventCheckScheduleContract('sqlite', async () => {
 *     const path = tempFile();
 *     return { schedule: new SqliteEventCheckSchedule(path), another: async () => new SqliteEventCheckSchedule(path) };
 *   });
 */
export function eventCheckScheduleContract(name: string, factory: () => Promise<EventCheckScheduleFixture>): void {
  describe(`EventCheckSchedule contract: ${name}`, () => {
    const opened: EventCheckSchedule[] = [];
    const open = async () => {
      const fixture = await factory();
      opened.push(fixture.schedule);
      return {
        s: fixture.schedule,
        another: async () => {
          const schedule = await fixture.another();
          opened.push(schedule);
          return schedule;
        },
      };
    };
    afterEach(async () => {
      for (const schedule of opened.splice(0).reverse()) await schedule.close();
    });

    it('follow creates the first check once: a repeat (a redelivered acceptance) moves nothing', async () => {
      const { s } = await open();
      expect(await s.follow('inv-a', 'demo', t(100))).toBe(true);
      expect(await s.follow('inv-a', 'demo', t(50))).toBe(false);
      expect(await s.get('inv-a')).toEqual({ invoiceId: 'inv-a', tenantId: 'demo', dueAt: t(100) });
    });

    it('returns the rows due at an instant (that instant included), oldest first, ties by invoice id, up to the limit', async () => {
      const { s } = await open();
      await s.follow('inv-b', 'demo', t(200));
      await s.follow('inv-a', 'demo', t(100));
      await s.follow('inv-c', 'other', t(300));
      await s.follow('inv-0', 'other', t(200));
      expect((await s.due(t(250), 10)).map((r) => r.invoiceId)).toEqual(['inv-a', 'inv-0', 'inv-b']);
      expect((await s.due(t(1000), 1)).map((r) => r.invoiceId)).toEqual(['inv-a']);
      expect((await s.due(t(100), 10)).map((r) => r.invoiceId)).toEqual(['inv-a']);
      expect(await s.due(t(99), 10)).toEqual([]);
    });

    it('reschedule moves or creates the row, remove deletes it (a missing row is no error)', async () => {
      const { s } = await open();
      await s.reschedule('inv-a', 'demo', t(500));
      expect(await s.get('inv-a')).toEqual({ invoiceId: 'inv-a', tenantId: 'demo', dueAt: t(500) });
      await s.reschedule('inv-a', 'demo', t(100));
      expect((await s.due(t(100), 10)).map((r) => r.invoiceId)).toEqual(['inv-a']);
      expect(await s.remove('inv-a')).toBe(true);
      expect(await s.get('inv-a')).toBeUndefined();
      expect(await s.remove('inv-a')).toBe(false);
    });

    it('keeps due times to the millisecond, and far ahead', async () => {
      const { s } = await open();
      const far = new Date(Date.UTC(2199, 11, 31, 23, 59, 59, 999));
      await s.follow('inv-far', 'demo', far);
      await s.follow('inv-ms', 'demo', t(1));
      expect((await s.get('inv-far'))!.dueAt).toEqual(far);
      expect(await s.due(t(0), 10)).toEqual([]);
      expect((await s.due(t(1), 10)).map((r) => r.invoiceId)).toEqual(['inv-ms']);
    });

    it('survives closing and reopening (a restart); closing twice is harmless', async () => {
      const { s, another } = await open();
      await s.follow('inv-a', 'demo', t(100));
      await s.close();
      await s.close();
      const second = await another();
      expect(await second.due(t(1000), 10)).toEqual([{ invoiceId: 'inv-a', tenantId: 'demo', dueAt: t(100) }]);
    });

    it("a claimed row is due for nobody until the claim ends, its holder's write, or its owner's release", async () => {
      const { s } = await open();
      await s.follow('inv-a', 'demo', t(100));
      await s.follow('inv-b', 'demo', t(100));
      expect((await s.due(t(200), 10, { owner: 'one', until: t(500) })).map((r) => r.invoiceId)).toEqual([
        'inv-a',
        'inv-b',
      ]);
      expect(await s.due(t(300), 10, { owner: 'two', until: t(600) })).toEqual([]);
      expect(await s.due(t(300), 10)).toEqual([]);
      await s.release('inv-a', 'two'); // not its claim: nothing changes
      expect(await s.due(t(300), 10)).toEqual([]);
      await s.release('inv-a', 'one');
      expect((await s.due(t(300), 10, { owner: 'two', until: t(600) })).map((r) => r.invoiceId)).toEqual(['inv-a']);
      expect(await s.reschedule('inv-a', 'demo', t(300), 'one')).toBe(false); // no longer one's: nothing written
      expect(await s.reschedule('inv-a', 'demo', t(300), 'two')).toBe(true); // the check's outcome ends the claim
      expect((await s.due(t(400), 10)).map((r) => r.invoiceId)).toEqual(['inv-a']);
      // inv-b's claim ran out at t(500)
      expect((await s.due(t(500), 10)).map((r) => r.invoiceId)).toEqual(['inv-b', 'inv-a']);
      expect(await s.remove('inv-b', 'one')).toBe(true);
      expect(await s.get('inv-b')).toBeUndefined();
    });

    it('a write without a holder keeps the claim: the row stays away from other claimers', async () => {
      const { s } = await open();
      await s.follow('inv-a', 'demo', t(100));
      expect(await s.due(t(200), 10, { owner: 'one', until: t(900) })).toHaveLength(1);
      expect(await s.reschedule('inv-a', 'demo', t(150))).toBe(true);
      expect(await s.follow('inv-a', 'demo', t(120))).toBe(false);
      expect(await s.due(t(300), 10, { owner: 'two', until: t(900) })).toEqual([]);
      expect(await s.acquire('inv-a', 'demo', t(300), { owner: 'two', until: t(900) })).toBeUndefined();
      expect(await s.reschedule('inv-a', 'demo', t(400), 'one')).toBe(true);
      expect(await s.get('inv-a')).toEqual({ invoiceId: 'inv-a', tenantId: 'demo', dueAt: t(400) });
    });

    it('acquire claims a row whatever its due time, creates a missing one due now, and refuses a live claim', async () => {
      const { s, another } = await open();
      const other = await another();
      expect(await s.acquire('inv-new', 'demo', t(100), { owner: 'one', until: t(500) })).toEqual({
        invoiceId: 'inv-new',
        tenantId: 'demo',
        dueAt: t(100),
      });
      expect(await other.acquire('inv-new', 'demo', t(499), { owner: 'two', until: t(900) })).toBeUndefined();
      // the holder died: its claim ends, and the row is due for any claimer
      expect((await other.due(t(500), 10, { owner: 'two', until: t(900) })).map((r) => r.invoiceId)).toEqual([
        'inv-new',
      ]);
      expect(await s.reschedule('inv-new', 'demo', t(600), 'one')).toBe(false);
      await s.follow('inv-later', 'demo', t(5_000));
      expect(await s.acquire('inv-later', 'demo', t(200), { owner: 'three', until: t(700) })).toEqual({
        invoiceId: 'inv-later',
        tenantId: 'demo',
        dueAt: t(5_000),
      });
      expect(await s.remove('inv-later', 'four')).toBe(false);
      expect(await s.remove('inv-later', 'three')).toBe(true);
    });

    it('of many takers at once, exactly one gets the row', async () => {
      const { s, another } = await open();
      const other = await another();
      for (let round = 0; round < 10; round++) {
        const id = `inv-${round}`;
        const got = await Promise.all(
          Array.from({ length: 6 }, (_, i) =>
            (i % 2 ? s : other).acquire(id, 'demo', t(100), { owner: `taker-${i}`, until: t(900) }),
          ),
        );
        expect(got.filter(Boolean)).toHaveLength(1);
      }
    });

    it('two claimers sweeping at once never get the same row, and between them get every due row', async () => {
      const { s, another } = await open();
      const other = await another();
      const ids = Array.from({ length: 40 }, (_, i) => `inv-${String(i).padStart(2, '0')}`);
      for (const id of ids) await s.follow(id, 'demo', t(100));
      const sweep = async (schedule: EventCheckSchedule, owner: string) => {
        const got: string[] = [];
        for (let round = 0; round < 20; round++)
          got.push(...(await schedule.due(t(200), 4, { owner, until: t(900) })).map((r) => r.invoiceId));
        return got;
      };
      const [one, two] = await Promise.all([sweep(s, 'one'), sweep(other, 'two')]);
      expect([...one, ...two].sort()).toEqual(ids);
    });

    it('says nothing is due only when a look would find none of the rows written through it', async () => {
      const { s } = await open();
      const honest = honestAboutNothingDue(s, t);
      await s.follow('inv-a', 'demo', t(300));
      await s.follow('inv-b', 'demo', t(500));
      expect(await s.due(t(100), 10, { owner: 'one', until: t(900) })).toEqual([]);
      await honest(100, 299, 300, 600);
      await s.acquire('inv-c', 'demo', t(100), { owner: 'two', until: t(400) });
      await honest(100, 399, 400);
      await s.reschedule('inv-a', 'demo', t(150));
      await honest(100, 149, 150);
      expect((await s.due(t(200), 10, { owner: 'three', until: t(250) })).map((r) => r.invoiceId)).toEqual(['inv-a']);
      await honest(200, 249, 250);
      await s.release('inv-a', 'three');
      await honest(200, 210);
      await s.reschedule('inv-c', 'demo', t(120), 'two');
      await honest(120, 200);
    });
  });
}
