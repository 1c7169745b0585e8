// The public surface of @fe/ingress. Anything not exported here is private.
export { ingressConfigSchema, ingressConfigFromEnv, ingressEnv, type IngressConfig } from './config.ts';
export { createHttpApp, type HttpAppOptions } from './http/create-http-app.ts';
export { ApiError } from './http/api-error.ts';
export { NumberAllocator, type UsedNumberHint } from './numbering/number-allocator.ts';
export { highestUsedInStore } from './numbering/highest-used-in-store.ts';
export type { IdempotencyStore, StoredResponse, BeginResult } from './idempotency/idempotency-store.ts';
export { SqliteIdempotencyStore } from './idempotency/sqlite-idempotency-store.ts';
export { ThreadedSqliteIdempotencyStore } from './idempotency/threaded-sqlite-idempotency-store.ts';
export { requestHash } from './idempotency/request-hash.ts';
export type { InvoiceOutcomes } from './request-invoice/invoice-outcomes.ts';
export type { DianAvailability } from './ports/dian-availability.ts';
export {
  createBusInvoiceOutcomes,
  OUTCOMES_GROUP_PREFIX,
  type BusInvoiceOutcomesPorts,
} from './request-invoice/bus-invoice-outcomes.ts';
export { requestInvoice, type RequestInvoicePorts, type InvoiceCommand } from './request-invoice/handler.ts';
export { decideRequest, requestedData, type AcceptedRequest } from './request-invoice/decide.ts';
export { answerWithLinks } from './request-invoice/answer.ts';
export { postInvoiceRoute } from './routes/post-invoice.ts';
export { postNoteRoutes } from './routes/post-note.ts';
export { requestNote, type RequestNotePorts, type InvoiceIdByCufe } from './request-note/handler.ts';
export { noteResolution } from './request-note/finish-note.ts';
export { filesRoute } from './routes/files.ts';
export { notifyBuyerRoute, type NotifyBuyerPorts, type InvoiceByCufe } from './routes/notify-buyer.ts';
export { radianEventRoutes, type RadianEventPorts } from './routes/radian-events.ts';
export { tenantReadinessRoute } from './routes/tenant-readiness.ts';
export { docsRoutes, type DocsOptions } from './docs/docs-routes.ts';
export { receivedInvoiceRoutes, type ReceivedInvoicePorts } from './routes/received-invoices.ts';
export { createInboxPoller, type InboxMailbox, type InboxPorts } from './inbox/inbox-poller.ts';
export { receptionMailboxRoute } from './routes/reception-mailbox.ts';
export { inboxConfigFromEnv, inboxConfigSchema, type InboxConfig } from './inbox/inbox-config.ts';
