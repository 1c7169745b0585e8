-- Claims (../postgres-submission-schedule.ts, `due`): the sweeper that took a due row and until when,
-- so that two submitter instances never run one row at once. NULL when nobody holds the row.
ALTER TABLE submission_schedule ADD COLUMN claimed_by text, ADD COLUMN claimed_until timestamptz(3);
