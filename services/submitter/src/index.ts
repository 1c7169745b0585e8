// The public surface of @fe/submitter. Anything not exported here is private.
export { submitterConfigSchema, submitterConfigFromEnv, type SubmitterConfig } from './config.ts';
// The submitter service.
export { createSubmitterService, type SubmitterPorts, type SubmitterService } from './service.ts';
export type { EventCheckSchedule, EventCheckRow } from './event-checks/event-check-schedule.ts';
export { SqliteEventCheckSchedule } from './event-checks/sqlite-event-check-schedule.ts';
export type { TacitAcceptanceOutcome } from './on-event-check/handler.ts';
export type { TacitRefusal } from './on-event-check/decide.ts';
export { decide, type Decision, type SendJournal } from './on-invoice-signed/decide.ts';
export {
  outcomeOfSend,
  outcomeOfStatus,
  failed,
  type Draft,
  type FailedDraft,
  type AnswerContext,
  type Recorded,
  type SendOutcome,
  type StatusOutcome,
} from './on-invoice-signed/outcomes.ts';
export { retryDelayMs, mayRetry, type RetryPolicy } from './on-invoice-signed/retry-policy.ts';
export {
  submissionReasons,
  type SubmissionReasonCode,
  type AttemptFailure,
} from './on-invoice-signed/failure-reasons.ts';
export { applicationResponseKey, applicationResponseInstant } from './on-invoice-signed/application-response.ts';
export type { SubmissionSchedule, ScheduleRow } from './schedule/submission-schedule.ts';
export { SqliteSubmissionSchedule } from './schedule/sqlite-submission-schedule.ts';
export { createTenantSlots, type TenantSlots, type Release } from './concurrency/tenant-slots.ts';
