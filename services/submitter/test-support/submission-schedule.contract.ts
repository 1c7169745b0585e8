import { afterEach, describe, expect, it } from 'vitest';
import type { SubmissionSchedule } from '../src/schedule/submission-schedule.ts';
import { honestAboutNothingDue } from './honest-about-nothing-due.ts';

/** Fresh, empty storage; `another()` opens a second schedule on the same storage (a restart, another process). */
export type SubmissionScheduleFixture = { schedule: SubmissionSchedule; another(): Promise<SubmissionSchedule> };

const t = (ms: number) => new Date(Date.UTC(2026, 10, 22, 15, 0, 0, ms));

/**
 * What every SubmissionSchedule adapter must do (schedule/submission-schedule.ts). Run it from the adapter's own test
 * file:
 *   submissionScheduleContract('sqlite', async () => {
 *     const path = tempFile();
 *     return { schedule: new SqliteSubmissionSchedule(path), another: async () => new SqliteSubmissionSchedule(path) };
 *   });
 */
export function submissionScheduleContract(name: string, factory: () => Promise<SubmissionScheduleFixture>): void {
  describe(`SubmissionSchedule contract: ${name}`, () => {
    const opened: SubmissionSchedule[] = [];
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

    it('returns the rows due at an instant (that instant included), oldest first, ties by invoice id, up to the limit', async () => {
      const { s } = await open();
      await s.schedule('inv-b', 'demo', t(200));
      await s.schedule('inv-a', 'demo', t(100));
      await s.schedule('inv-c', 'other', t(300));
      await s.schedule('inv-0', 'other', t(200));
      expect((await s.due(t(250), 10)).map((r) => r.invoiceId)).toEqual(['inv-a', 'inv-0', 'inv-b']);
      expect((await s.due(t(1000), 1)).map((r) => r.invoiceId)).toEqual(['inv-a']);
      expect((await s.due(t(100), 10)).map((r) => r.invoiceId)).toEqual(['inv-a']);
      expect(await s.due(t(99), 10)).toEqual([]);
    });

    it('keeps one row per invoice: schedule replaces, remove deletes (a missing row is no error)', async () => {
      const { s } = await open();
      await s.schedule('inv-a', 'demo', t(100));
      await s.schedule('inv-a', 'demo', t(500));
      expect(await s.get('inv-a')).toEqual({
        invoiceId: 'inv-a',
        tenantId: 'demo',
        dueAt: t(500),
        sendingAttempt: undefined,
      });
      expect(await s.due(t(1000), 10)).toHaveLength(1);
      await s.remove('inv-a');
      expect(await s.get('inv-a')).toBeUndefined();
      await s.remove('inv-a');
      expect(await s.due(t(1000), 10)).toEqual([]);
    });

    it('a send marker survives defer and is cleared by schedule; defer and markSending create a missing row', async () => {
      const { s } = await open();
      await s.markSending('inv-a', 'demo', 3, t(900));
      expect(await s.get('inv-a')).toEqual({ invoiceId: 'inv-a', tenantId: 'demo', sendingAttempt: 3, dueAt: t(900) });
      await s.defer('inv-a', 'demo', t(100));
      expect(await s.get('inv-a')).toMatchObject({ sendingAttempt: 3, dueAt: t(100) });
      await s.schedule('inv-a', 'demo', t(200));
      expect(await s.get('inv-a')).toMatchObject({ sendingAttempt: undefined, dueAt: t(200) });
      await s.markSending('inv-a', 'demo', 4, t(950)); // a later attempt replaces the marker and the due time
      expect(await s.get('inv-a')).toMatchObject({ sendingAttempt: 4, dueAt: t(950) });
      await s.defer('inv-new', 'demo', t(50));
      expect(await s.get('inv-new')).toEqual({
        invoiceId: 'inv-new',
        tenantId: 'demo',
        dueAt: t(50),
        sendingAttempt: undefined,
      });
    });

    it('keeps due times to the millisecond, near the epoch and far ahead', async () => {
      const { s } = await open();
      const far = new Date(Date.UTC(2199, 11, 31, 23, 59, 59, 999));
      await s.schedule('inv-far', 'demo', far);
      await s.schedule('inv-ms', 'demo', t(1));
      expect((await s.get('inv-far'))!.dueAt).toEqual(far);
      expect(await s.due(t(0), 10)).toEqual([]);
      expect((await s.due(t(1), 10)).map((r) => r.invoiceId)).toEqual(['inv-ms']);
    });

    it('survives closing and reopening (a restart); closing twice is harmless', async () => {
      const { s, another } = await open();
      await s.schedule('inv-a', 'demo', t(100));
      await s.markSending('inv-b', 'demo', 2, t(200));
      await s.close();
      await s.close();
      const second = await another();
      expect(await second.due(t(1000), 10)).toEqual([
        { invoiceId: 'inv-a', tenantId: 'demo', dueAt: t(100), sendingAttempt: undefined },
        { invoiceId: 'inv-b', tenantId: 'demo', dueAt: t(200), sendingAttempt: 2 },
      ]);
    });

    it("a claimed row is due for nobody until the claim ends, its holder's write, or its owner's release", async () => {
      const { s } = await open();
      await s.schedule('inv-a', 'demo', t(100));
      await s.schedule('inv-b', 'demo', t(100));
      expect((await s.due(t(200), 10, { owner: 'one', until: t(500) })).map((r) => r.invoiceId)).toEqual([
        'inv-a',
        'inv-b',
      ]);
      expect(await s.due(t(300), 10, { owner: 'two', until: t(600) })).toEqual([]);
      expect(await s.due(t(300), 10)).toEqual([]); // a look without a claim sees what a claimer could take
      expect(await s.get('inv-a')).toEqual({
        invoiceId: 'inv-a',
        tenantId: 'demo',
        dueAt: t(100),
        sendingAttempt: undefined,
      });
      await s.release('inv-a', 'two'); // not its claim: nothing changes
      expect(await s.due(t(300), 10)).toEqual([]);
      await s.release('inv-a', 'one');
      expect((await s.due(t(300), 10, { owner: 'two', until: t(600) })).map((r) => r.invoiceId)).toEqual(['inv-a']);
      expect(await s.defer('inv-a', 'demo', t(300), 'one')).toBe(false); // no longer one's: nothing written
      expect(await s.defer('inv-a', 'demo', t(300), 'two')).toBe(true); // the run's outcome ends the claim
      expect((await s.due(t(400), 10)).map((r) => r.invoiceId)).toEqual(['inv-a']);
      // inv-b's claim ran out at t(500)
      expect((await s.due(t(500), 10)).map((r) => r.invoiceId)).toEqual(['inv-b', 'inv-a']);
      expect((await s.due(t(500), 10, { owner: 'three', until: t(900) })).map((r) => r.invoiceId)).toEqual([
        'inv-b',
        'inv-a',
      ]);
      expect(await s.schedule('inv-b', 'demo', t(550), 'three')).toBe(true);
      expect((await s.due(t(600), 10)).map((r) => r.invoiceId)).toEqual(['inv-b']);
    });

    it('a write without a holder (an operator) keeps the claim: the row stays away from other claimers', async () => {
      const { s } = await open();
      await s.schedule('inv-a', 'demo', t(100));
      expect(await s.due(t(200), 10, { owner: 'one', until: t(900) })).toHaveLength(1);
      expect(await s.defer('inv-a', 'demo', t(150))).toBe(true);
      expect(await s.schedule('inv-a', 'demo', t(160))).toBe(true);
      expect(await s.due(t(300), 10, { owner: 'two', until: t(900) })).toEqual([]);
      expect(await s.acquire('inv-a', 'demo', t(300), { owner: 'two', until: t(900) })).toBeUndefined();
      expect(await s.schedule('inv-a', 'demo', t(400), 'one')).toBe(true);
      expect(await s.get('inv-a')).toMatchObject({ dueAt: t(400), sendingAttempt: undefined });
    });

    it('acquire claims a row whatever its due time, creates a missing one due now, and refuses a live claim', async () => {
      const { s, another } = await open();
      const other = await another();
      expect(await s.acquire('inv-new', 'demo', t(100), { owner: 'one', until: t(500) })).toEqual({
        invoiceId: 'inv-new',
        tenantId: 'demo',
        dueAt: t(100),
        sendingAttempt: undefined,
      });
      expect(await other.acquire('inv-new', 'demo', t(499), { owner: 'two', until: t(900) })).toBeUndefined();
      expect(await other.due(t(499), 10, { owner: 'two', until: t(900) })).toEqual([]);
      // the holder died: its claim ends, and the row is due for any claimer
      expect((await other.due(t(500), 10, { owner: 'two', until: t(900) })).map((r) => r.invoiceId)).toEqual([
        'inv-new',
      ]);
      expect(await s.schedule('inv-new', 'demo', t(600), 'one')).toBe(false);
      await s.markSending('inv-later', 'demo', 2, t(5_000));
      expect(await s.acquire('inv-later', 'demo', t(200), { owner: 'three', until: t(700) })).toEqual({
        invoiceId: 'inv-later',
        tenantId: 'demo',
        dueAt: t(5_000),
        sendingAttempt: 2,
      });
      expect(await s.remove('inv-later', 'four')).toBe(false);
      expect(await s.remove('inv-later', 'three')).toBe(true);
      expect(await s.get('inv-later')).toBeUndefined();
    });

    it('markSending by a holder is a compare-and-set: the claim it lost to another sends nothing', async () => {
      const { s, another } = await open();
      const other = await another();
      await s.acquire('inv-a', 'demo', t(100), { owner: 'stalled', until: t(200) });
      // the first holder stalls past its claim; a second takes the row, renews it for its send
      expect(await other.acquire('inv-a', 'demo', t(200), { owner: 'second', until: t(300) })).toBeDefined();
      expect(await other.markSending('inv-a', 'demo', 1, t(5_000), 'second')).toBe(true);
      expect(await s.markSending('inv-a', 'demo', 1, t(5_000), 'stalled')).toBe(false);
      expect(await s.get('inv-a')).toMatchObject({ sendingAttempt: 1, dueAt: t(5_000) });
      // the marker renews the claim to the send's lease: nobody takes the row while the send may be under way
      expect(await s.acquire('inv-a', 'demo', t(4_999), { owner: 'third', until: t(9_000) })).toBeUndefined();
      expect(await s.due(t(4_999), 10, { owner: 'third', until: t(9_000) })).toEqual([]);
      // after the lease, the next holder sees the marker and reconciles with GetStatus before any send
      expect(await s.acquire('inv-a', 'demo', t(5_000), { owner: 'third', until: t(9_000) })).toMatchObject({
        sendingAttempt: 1,
      });
      expect(await other.schedule('inv-a', 'demo', t(6_000), 'second')).toBe(false);
      expect(await other.remove('inv-a', 'second')).toBe(false);
      expect(await s.schedule('inv-a', 'demo', t(6_000), 'third')).toBe(true);
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
      const ids = Array.from({ length: 60 }, (_, i) => `inv-${String(i).padStart(2, '0')}`);
      for (const id of ids) await s.schedule(id, 'demo', t(100));
      const sweep = async (schedule: SubmissionSchedule, owner: string) => {
        const got: string[] = [];
        for (let round = 0; round < 20; round++)
          got.push(...(await schedule.due(t(200), 4, { owner, until: t(900) })).map((r) => r.invoiceId));
        return got;
      };
      const [one, two] = await Promise.all([sweep(s, 'one'), sweep(other, 'two')]);
      expect([...one, ...two].sort()).toEqual(ids);
    });

    it('shares its rows with another schedule on the same storage (another process, the operator)', async () => {
      const { s, another } = await open();
      const other = await another();
      await s.schedule('inv-a', 'demo', t(100));
      expect(await other.get('inv-a')).toMatchObject({ tenantId: 'demo', dueAt: t(100) });
      await other.remove('inv-a');
      expect(await s.get('inv-a')).toBeUndefined();
    });

    it('says nothing is due only when a look would find none of the rows written through it', async () => {
      const { s } = await open();
      const honest = honestAboutNothingDue(s, t);
      await s.schedule('inv-a', 'demo', t(300));
      await s.schedule('inv-b', 'demo', t(500));
      expect(await s.due(t(100), 10, { owner: 'one', until: t(900) })).toEqual([]);
      await honest(100, 299, 300, 400, 600);
      await s.acquire('inv-c', 'demo', t(100), { owner: 'two', until: t(400) });
      await honest(100, 250, 399, 400);
      await s.markSending('inv-c', 'demo', 1, t(350), 'two');
      await honest(100, 349, 350);
      await s.defer('inv-a', 'demo', t(150));
      await honest(100, 149, 150, 200);
      expect((await s.due(t(200), 10, { owner: 'three', until: t(250) })).map((r) => r.invoiceId)).toEqual(['inv-a']);
      await honest(200, 249, 250, 300);
      await s.release('inv-a', 'three');
      await honest(200, 210);
      await s.schedule('inv-b', 'demo', t(120), 'one'); // not its claim: nothing written
      await honest(200, 450, 500);
    });
  });
}
