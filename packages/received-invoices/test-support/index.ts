export * from './received-invoice-events.ts';
export { receivedInvoiceIndexContract } from './received-invoice-index.contract.ts';
export { receptionMailboxStoreContract } from './reception-mailbox-store.contract.ts';
