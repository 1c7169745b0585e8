// The public surface of @fe/received-invoices (docs/radian.md, "The buyer's side"). Anything not exported is private.
export {
  receivedInvoiceFold,
  evolveReceivedInvoice,
  initialReceivedInvoiceState,
  eventStatus,
  type ReceivedInvoiceState,
  type BuyerEventState,
} from './stream/received-invoice-state.ts';
export { checkReceived, type CheckInput, type CheckResult, type ReceivedFacts } from './import/check-received.ts';
export { createReceivedInvoiceChecker, type ReceivedInvoiceChecker } from './import/check-pool.ts';
export { decideImport, type ImportDecision } from './import/decide-import.ts';
export {
  importReceivedInvoice,
  type ImportPorts,
  type ImportRequest,
  type ImportOutcome,
} from './import/import-received-invoice.ts';
export {
  decideBuyerEvent,
  type BuyerEventDecision,
  type BuyerEventRequest,
  type BuyerEventRefusalCode,
} from './events/decide-event-request.ts';
export { requestBuyerEvent, type BuyerEventOutcome } from './events/request-buyer-event.ts';
export { buyerEventContent } from './events/buyer-event-content.ts';
export { buyerEventId } from './events/buyer-event-id.ts';
export type { ReceivedInvoiceIndex } from './list/received-invoice-index.ts';
export { SqliteReceivedInvoiceIndex } from './list/sqlite-received-invoice-index.ts';
export { receivedInvoiceView } from './view/received-invoice-view.ts';
export { createReceivedInvoices, type ReceivedInvoices } from './received-invoices.ts';
export type { ReceptionMailboxSettings, ReceptionMailboxStore } from './mailboxes/reception-mailbox-store.ts';
export { SqliteReceptionMailboxStore } from './mailboxes/sqlite-reception-mailbox-store.ts';
