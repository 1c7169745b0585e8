// The public surface of @fe/invoice-status: an invoice's status view, folded from its events
// (`evolve`), and the API bodies written from it. Pure code shared by the projection (which stores
// the views) and ingress (which folds the events it waited for and answers POST /invoice), so that
// neither imports the other. Anything not exported here is private.
export { evolve } from './evolve.ts';
export { processingError } from './processing-error.ts';
export { stageOrder, type InvoiceStatusView, type RadianRequestEntry } from './invoice-status.ts';
export {
  requestRadianEvent,
  radianRequestEntry,
  polledViews,
  type WaitForView,
  type RadianAsk,
  type RadianRequestInput,
} from './radian-requests.ts';
export { waitForView, type ViewSource, type ViewWaiter } from './wait-for-view.ts';
export {
  createResponseBody,
  statusResponseBody,
  invoiceBlobKeys,
  invoiceLinks,
  type InvoiceLinks,
} from './response-body.ts';
export { type NoteEntry } from './invoice-status.ts';
export {
  noteReserved,
  noteIssued,
  withNoteStatus,
  isCancellation,
  balanceCents,
  cents,
  amountOfCents,
} from './notes.ts';
// Where the views are kept and how the API reads them: the projection writes, ingress and the portal read.
export type { StatusStore } from './store/status-store.ts';
export { SqliteStatusStore } from './store/sqlite-status-store.ts';
export { statusRoutes, type StatusRoutesOptions } from './routes/get-invoice-status.ts';
export { invoiceEventsRoutes, type InvoiceEventsRoutesOptions } from './routes/get-invoice-events.ts';
export { ProjectionError, projectionErrors, type ProjectionErrorCode } from './errors.ts';
export {
  untransmittedContingencyInvoices,
  contingencyAlarmDue,
  type ContingencyQueuePorts,
  type UntransmittedInvoice,
} from './contingency-queue.ts';
