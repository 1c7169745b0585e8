-- When the submitter next asks DIAN for an accepted invoice's RADIAN events (../postgres-event-check-schedule.ts):
-- one row per followed invoice, claimed by the sweeper that runs it (claimed_by, claimed_until; NULL when nobody
-- holds it). due_at keeps milliseconds, as a JavaScript Date does.
CREATE TABLE event_check_schedule (
  invoice_id    text           PRIMARY KEY,
  tenant_id     text           NOT NULL,
  due_at        timestamptz(3) NOT NULL,
  claimed_by    text,
  claimed_until timestamptz(3)
);
CREATE INDEX event_check_schedule_due ON event_check_schedule (due_at, invoice_id);
