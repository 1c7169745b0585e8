import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach } from 'vitest';
import { eventCheckScheduleContract } from '../../test-support/event-check-schedule.contract.ts';
import { SqliteEventCheckSchedule } from './sqlite-event-check-schedule.ts';

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

eventCheckScheduleContract('sqlite (file, WAL)', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'submitter-event-checks-'));
  dirs.push(dir);
  const path = join(dir, 'state.db');
  return { schedule: new SqliteEventCheckSchedule(path), another: async () => new SqliteEventCheckSchedule(path) };
});
