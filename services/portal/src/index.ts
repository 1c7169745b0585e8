// The public surface of @fe/portal. Anything not exported here is private.
export { createPortal } from './create-portal.ts';
export type { PortalDeps } from './portal-deps.ts';
export { portalConfigSchema, portalConfigFromEnv, type PortalConfig } from './config.ts';
export { PortalError, portalErrorCatalogue, type PortalErrorCode } from './errors.ts';
export type { AccountStore, Account } from './ports/account-store.ts';
export type { AttemptStore } from './ports/attempt-store.ts';
export type { MailSender } from './ports/mail-sender.ts';
export type { InvoiceList } from './ports/invoice-list.ts';
export { SqliteAccountStore } from './adapters/sqlite-account-store.ts';
export { SqliteAttemptStore } from './adapters/sqlite-attempt-store.ts';
export { SqliteExpiryWarningStore } from './adapters/sqlite-expiry-warning-store.ts';
export type { ExpiryWarningStore } from './ports/expiry-warning-store.ts';
export { TransportMailSender } from './adapters/transport-mail-sender.ts';
export type { TestSetRunner, TestSetProgress } from './ports/test-set-runner.ts';
export type { NumberingRanges } from './ports/numbering-ranges.ts';
export type { RedriveInvoice } from './ports/redrive.ts';
export type { TestCertificates } from './ports/test-certificates.ts';
// Ports filled from outside the portal: the status views, DIAN's GetNumberingRange, the API's pipeline.
export { statusInvoiceList } from './adapters/invoice-list.ts';
export { contingencyQueueThrough } from './adapters/contingency-queue.ts';
export { radianEventsThrough } from './adapters/radian-events.ts';
export type { PortalRadianEvents } from './ports/radian-events.ts';
export { dianNumberingRanges } from './adapters/numbering-ranges.ts';
export { localTestCertificates } from './adapters/local-test-certificates.ts';
export { createPipelineTestSetRunner } from './adapters/test-set-runner.ts';
export { issueByInject, issueOverHttp } from './adapters/issue-through-api.ts';
export type { IssueThroughApi } from './ports/issue-through-api.ts';
