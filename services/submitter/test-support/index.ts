// Contract suites for the ports @fe/submitter owns, for every adapter's tests to run.
export { submissionScheduleContract, type SubmissionScheduleFixture } from './submission-schedule.contract.ts';
export { tenantSlotsContract, type TenantSlotsFixture } from './tenant-slots.contract.ts';
export { eventCheckScheduleContract, type EventCheckScheduleFixture } from './event-check-schedule.contract.ts';
