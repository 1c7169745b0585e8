// The public surface of @fe/projection: the projection that writes the status views, and their
// rebuild. The view, its evolve, its store and GET /invoice/:cufe are @fe/invoice-status. Anything
// not exported here is private.
export { applyEvent, type ApplyOutcome } from './invoice-status/apply-event.ts';
export {
  createStatusProjection,
  type StatusProjection,
  type StatusProjectionPorts,
} from './invoice-status/projection.ts';
export {
  rebuildStatusViews,
  diffViews,
  diffAgainstRebuild,
  viewDifferences,
  type RebuildResult,
} from './invoice-status/rebuild.ts';
