import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach } from 'vitest';
import { submissionScheduleContract } from '../../test-support/submission-schedule.contract.ts';
import { SqliteSubmissionSchedule } from './sqlite-submission-schedule.ts';

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

submissionScheduleContract('sqlite (file, WAL)', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'submitter-schedule-'));
  dirs.push(dir);
  const path = join(dir, 'schedule.db');
  return { schedule: new SqliteSubmissionSchedule(path), another: async () => new SqliteSubmissionSchedule(path) };
});
