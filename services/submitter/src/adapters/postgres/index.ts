// @fe/submitter/postgres: the submission schedule on PostgreSQL. A separate entry point, so a
// submitter on SQLite never loads pg.
export { PostgresSubmissionSchedule, submissionScheduleMigrations } from './postgres-submission-schedule.ts';
export { PostgresTenantSlots, type PostgresTenantSlotsOptions } from './postgres-tenant-slots.ts';
