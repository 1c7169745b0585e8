import { freshTestSchema, type TestSchema } from '@fe/platform-postgres/testing';
import type pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import { submissionScheduleContract } from '../../../test-support/submission-schedule.contract.ts';
import { PostgresSubmissionSchedule, submissionScheduleMigrations } from './postgres-submission-schedule.ts';

// One schema for the file; each case starts from an empty table (the suite's "fresh, empty storage").
let db: TestSchema;
let processB: pg.Pool; // another pool on the same schema: "another process"
beforeAll(async () => {
  db = await freshTestSchema({ sets: [submissionScheduleMigrations()] });
  processB = db.openPool();
});
afterAll(() => db?.drop());

submissionScheduleContract('postgres', async () => {
  await db.pool.query('TRUNCATE submission_schedule');
  return {
    schedule: new PostgresSubmissionSchedule(db.pool),
    another: async () => new PostgresSubmissionSchedule(processB),
  };
});
