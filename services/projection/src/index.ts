// The public surface of @fe/projection: the status read model (its store, the projection, the
// rebuild) and GET /invoice/:cufe. The view, its evolve and the response bodies are
// @fe/invoice-status. Anything not exported here is private.
export { applyEvent, type ApplyOutcome } from './invoice-status/apply-event.ts';
export { createStatusProjection, type StatusProjection, type StatusProjectionPorts } from './invoice-status/projection.ts';
export { rebuildStatusViews, diffViews, diffAgainstRebuild, type RebuildResult } from './invoice-status/rebuild.ts';
