// The public surface of @fe/projection.
export { evolve } from './invoice-status/evolve.ts';
export { stageOrder, type InvoiceStatusView } from './invoice-status/invoice-status.ts';
