import { describe, expect, it } from 'vitest';
import { SqliteEventCheckSchedule } from '../event-checks/sqlite-event-check-schedule.ts';
import { SqliteSubmissionSchedule } from './sqlite-submission-schedule.ts';
import type { ScheduleClaim } from './submission-schedule.ts';

const t = (ms: number) => new Date(Date.UTC(2026, 10, 22, 15, 0, 0, ms));

/** The part of both SQLite schedules a sweeper reads, and a plain write of a row due at `at`. */
type Schedule = Pick<SqliteSubmissionSchedule, 'release' | 'nothingDueAt' | 'close'> & {
  due(now: Date, limit: number, claim: ScheduleClaim): Promise<{ invoiceId: string }[]>;
  write(invoiceId: string, at: Date): Promise<unknown>;
};

const schedules: [string, () => Schedule][] = [
  [
    'submission schedule',
    () => {
      const s = new SqliteSubmissionSchedule(':memory:');
      return Object.assign(s, { write: (id: string, at: Date) => s.schedule(id, 'demo', at) });
    },
  ],
  [
    'event checks',
    () => {
      const s = new SqliteEventCheckSchedule(':memory:');
      return Object.assign(s, { write: (id: string, at: Date) => s.follow(id, 'demo', at) });
    },
  ],
];

describe.each(schedules)('SQLite %s: when nothing can be due', (_name, open) => {
  it('knows it once every due row is claimed, until the next row or claim falls due', async () => {
    const s = open();
    await s.write('inv-a', t(100));
    await s.write('inv-b', t(300));
    expect(s.nothingDueAt(t(200))).toBe(false);
    expect((await s.due(t(200), 10, { owner: 'one', until: t(400) })).map((r) => r.invoiceId)).toEqual(['inv-a']);
    expect([s.nothingDueAt(t(200)), s.nothingDueAt(t(299)), s.nothingDueAt(t(300))]).toEqual([true, true, false]);
    expect((await s.due(t(300), 10, { owner: 'two', until: t(500) })).map((r) => r.invoiceId)).toEqual(['inv-b']);
    expect([s.nothingDueAt(t(399)), s.nothingDueAt(t(400))]).toEqual([true, false]); // inv-a's claim ends
    await s.close();
  });

  it('a write or a release through it makes a row due sooner at once', async () => {
    const s = open();
    await s.write('inv-a', t(100));
    await s.due(t(200), 10, { owner: 'one', until: t(900) });
    expect(s.nothingDueAt(t(200))).toBe(true);
    await s.write('inv-b', t(150));
    expect(s.nothingDueAt(t(200))).toBe(false);
    await s.due(t(200), 10, { owner: 'two', until: t(900) });
    expect(s.nothingDueAt(t(200))).toBe(true);
    await s.release('inv-b', 'two');
    expect(s.nothingDueAt(t(200))).toBe(false);
    await s.close();
  });

  it('says so while a due row is left unclaimed', async () => {
    const s = open();
    await s.write('inv-a', t(100));
    await s.write('inv-b', t(100));
    expect(await s.due(t(200), 1, { owner: 'one', until: t(900) })).toHaveLength(1);
    expect(s.nothingDueAt(t(200))).toBe(false);
    await s.close();
  });
});
