-- The submitter's durable to-do list (../postgres-submission-schedule.ts): one row per invoice.
-- due_at keeps milliseconds (timestamptz(3): what a JavaScript Date holds); sending_attempt is the
-- marker of a send in flight, NULL when none.
CREATE TABLE submission_schedule (
  invoice_id      text           PRIMARY KEY,
  tenant_id       text           NOT NULL,
  due_at          timestamptz(3) NOT NULL,
  sending_attempt integer
);
CREATE INDEX submission_schedule_due ON submission_schedule (due_at, invoice_id);
