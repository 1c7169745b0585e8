// @fe/received-invoices/postgres: the list of received invoices and the reception mailboxes on PostgreSQL (pg loads
// only here).
export { PostgresReceivedInvoiceIndex, receivedInvoiceIndexMigrations } from './postgres-received-invoice-index.ts';
export {
  PostgresReceptionMailboxStore,
  receptionMailboxMigrations,
} from '../../mailboxes/postgres/postgres-reception-mailbox-store.ts';
export { openPostgresBuyerSide } from '../../postgres-buyer-side.ts';
