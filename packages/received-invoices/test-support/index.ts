export * from './received-invoice-events.ts';
export { receivedInvoiceIndexContract } from './received-invoice-index.contract.ts';
