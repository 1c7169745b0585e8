// The public surface of @fe/projection. Anything not exported here is private.
export { evolve } from './invoice-status/evolve.ts';
export { stageOrder, type InvoiceStatusView } from './invoice-status/invoice-status.ts';
export type { StatusStore } from './invoice-status/status-store.ts';
export { SqliteStatusStore } from './invoice-status/sqlite-status-store.ts';
export { applyEvent, type ApplyOutcome } from './invoice-status/apply-event.ts';
export { createStatusProjection, type StatusProjection, type StatusProjectionPorts } from './invoice-status/projection.ts';
export { rebuildStatusViews, diffViews, diffAgainstRebuild, type RebuildResult } from './invoice-status/rebuild.ts';
export {
  createResponseBody, statusResponseBody, invoiceBlobKeys, invoiceLinks, type InvoiceLinks,
} from './invoice-status/response-body.ts';
export { statusRoutes, type StatusRoutesOptions } from './routes/get-invoice-status.ts';
export { ProjectionError, projectionErrors, type ProjectionErrorCode } from './errors.ts';
