// @fe/received-invoices/postgres: the list of received invoices on PostgreSQL (pg loads only here).
export { PostgresReceivedInvoiceIndex, receivedInvoiceIndexMigrations } from './postgres-received-invoice-index.ts';
