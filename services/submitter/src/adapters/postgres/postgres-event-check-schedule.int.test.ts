import { freshTestSchema, type TestSchema } from '@fe/platform-postgres/testing';
import type pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import { eventCheckScheduleContract } from '../../../test-support/event-check-schedule.contract.ts';
import { PostgresEventCheckSchedule } from './postgres-event-check-schedule.ts';
import { submissionScheduleMigrations } from './postgres-submission-schedule.ts';

// One schema for the file; each case starts from an empty table (the suite's "fresh, empty storage").
let db: TestSchema;
let processB: pg.Pool; // another pool on the same schema: "another process"
beforeAll(async () => {
  db = await freshTestSchema({ sets: [submissionScheduleMigrations()] });
  processB = db.openPool();
});
afterAll(() => db?.drop());

eventCheckScheduleContract('postgres', async () => {
  await db.pool.query('TRUNCATE event_check_schedule');
  return {
    schedule: new PostgresEventCheckSchedule(db.pool),
    another: async () => new PostgresEventCheckSchedule(processB),
  };
});
