// The public surface of @fe/projection: the status read model (its store, the projection, the
// rebuild) and GET /invoice/:cufe. The view, its evolve and the response bodies are
// @fe/invoice-status. Anything not exported here is private.
export type { StatusStore } from './invoice-status/status-store.ts';
export { SqliteStatusStore } from './invoice-status/sqlite-status-store.ts';
export { applyEvent, type ApplyOutcome } from './invoice-status/apply-event.ts';
export { createStatusProjection, type StatusProjection, type StatusProjectionPorts } from './invoice-status/projection.ts';
export { rebuildStatusViews, diffViews, diffAgainstRebuild, type RebuildResult } from './invoice-status/rebuild.ts';
export { statusRoutes, type StatusRoutesOptions } from './routes/get-invoice-status.ts';
export { invoiceEventsRoutes, type InvoiceEventsRoutesOptions } from './routes/get-invoice-events.ts';
export { ProjectionError, projectionErrors, type ProjectionErrorCode } from './errors.ts';
