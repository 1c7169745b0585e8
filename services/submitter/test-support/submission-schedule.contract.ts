import { afterEach, describe, expect, it } from 'vitest';
import type { SubmissionSchedule } from '../src/schedule/submission-schedule.ts';

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

    it("a claimed row is due for nobody until the claim ends, a write to the row, or its owner's release", async () => {
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
      await s.defer('inv-a', 'demo', t(300)); // the run's outcome ends the claim
      expect((await s.due(t(400), 10)).map((r) => r.invoiceId)).toEqual(['inv-a']);
      // inv-b's claim ran out at t(500)
      expect((await s.due(t(500), 10)).map((r) => r.invoiceId)).toEqual(['inv-b', 'inv-a']);
      await s.markSending('inv-b', 'demo', 1, t(500));
      expect((await s.due(t(500), 10, { owner: 'three', until: t(900) })).map((r) => r.invoiceId)).toEqual([
        'inv-a',
        'inv-b',
      ]);
      await s.schedule('inv-b', 'demo', t(550));
      expect((await s.due(t(600), 10)).map((r) => r.invoiceId)).toEqual(['inv-b']);
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
  });
}
