import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { SqliteSubmissionSchedule } from './schedule-store.ts';

const t = (ms: number) => new Date(Date.UTC(2026, 10, 22, 15, 0, 0, ms));
const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

describe('SqliteSubmissionSchedule', () => {
  it('returns due rows oldest first, up to the limit', () => {
    const s = new SqliteSubmissionSchedule(':memory:');
    s.schedule('inv-b', 'demo', t(200));
    s.schedule('inv-a', 'demo', t(100));
    s.schedule('inv-c', 'other', t(300));
    expect(s.due(t(250), 10).map((r) => r.invoiceId)).toEqual(['inv-a', 'inv-b']);
    expect(s.due(t(1000), 1).map((r) => r.invoiceId)).toEqual(['inv-a']);
    expect(s.due(t(99), 10)).toEqual([]);
    s.close();
  });

  it('keeps one row per invoice: schedule replaces, remove deletes', () => {
    const s = new SqliteSubmissionSchedule(':memory:');
    s.schedule('inv-a', 'demo', t(100));
    s.schedule('inv-a', 'demo', t(500));
    expect(s.get('inv-a')).toEqual({ invoiceId: 'inv-a', tenantId: 'demo', dueAt: t(500), sendingAttempt: undefined });
    s.remove('inv-a');
    expect(s.get('inv-a')).toBeUndefined();
    s.close();
  });

  it('a send marker survives defer, and is cleared by schedule', () => {
    const s = new SqliteSubmissionSchedule(':memory:');
    s.markSending('inv-a', 'demo', 3, t(900));
    expect(s.get('inv-a')).toMatchObject({ sendingAttempt: 3, dueAt: t(900) });
    s.defer('inv-a', 'demo', t(100));
    expect(s.get('inv-a')).toMatchObject({ sendingAttempt: 3, dueAt: t(100) });
    s.schedule('inv-a', 'demo', t(200));
    expect(s.get('inv-a')).toMatchObject({ sendingAttempt: undefined, dueAt: t(200) });
    s.defer('inv-new', 'demo', t(50)); // defer creates a missing row
    expect(s.get('inv-new')).toMatchObject({ tenantId: 'demo', sendingAttempt: undefined });
    s.close();
  });

  it('survives closing and reopening the file (a restart)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'submitter-schedule-'));
    dirs.push(dir);
    const path = join(dir, 'schedule.db');
    const first = new SqliteSubmissionSchedule(path);
    first.schedule('inv-a', 'demo', t(100));
    first.markSending('inv-b', 'demo', 2, t(200));
    first.close();
    const second = new SqliteSubmissionSchedule(path);
    expect(second.due(t(1000), 10)).toEqual([
      { invoiceId: 'inv-a', tenantId: 'demo', dueAt: t(100), sendingAttempt: undefined },
      { invoiceId: 'inv-b', tenantId: 'demo', dueAt: t(200), sendingAttempt: 2 },
    ]);
    second.close();
    second.close(); // closing twice is harmless
  });
});
