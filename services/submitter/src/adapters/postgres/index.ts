// @fe/submitter/postgres: the submitter's adapters for the distributed shape (pg loads only here).
export { PostgresSubmissionSchedule, submissionScheduleMigrations } from './postgres-submission-schedule.ts';
export { PostgresTenantSlots, type PostgresTenantSlotsOptions } from './postgres-tenant-slots.ts';
export { PostgresEventCheckSchedule } from './postgres-event-check-schedule.ts';
