import type { InvoiceEventType } from './events/invoice-events.ts';

/**
 * Who produces and who consumes what, as data (decisions.md "Events", architecture.md "The flow").
 * The bus adapters create topics from `topics`; each service subscribes with its own consumer
 * group, named after the service. A test checks that every consumed event has exactly one producer.
 */
export const topics = {
  invoiceEvents: { name: 'fe.invoice.events.v1', key: 'invoice_id', partitions: 6 },
  tenantEvents: { name: 'fe.tenant.events.v1', key: 'tenant_id', partitions: 3 },
} as const;

export type ServiceName = 'ingress' | 'signer' | 'renderer' | 'submitter' | 'projection' | 'notifier';

export type ServiceTopology = {
  produces: readonly InvoiceEventType[];
  consumes: readonly InvoiceEventType[];
  consumerGroup?: string;
};

export const topology: Record<ServiceName, ServiceTopology> = {
  ingress: { produces: ['InvoiceRequested'], consumes: [] },
  signer: { produces: ['InvoiceSigned'], consumes: ['InvoiceRequested'], consumerGroup: 'fe.signer' },
  // The PDF is drawn once, after DIAN's verdict, so it can carry the validation time (docs/service.md).
  renderer: { produces: ['InvoiceRendered'], consumes: ['InvoiceAccepted', 'InvoiceRejected'], consumerGroup: 'fe.renderer' },
  submitter: {
    produces: ['InvoiceSubmitted', 'InvoiceSubmissionFailed', 'InvoiceAccepted', 'InvoiceRejected'],
    consumes: ['InvoiceSigned', 'InvoiceSubmissionFailed'],
    consumerGroup: 'fe.submitter',
  },
  projection: {
    produces: [],
    consumes: [
      'InvoiceRequested', 'InvoiceSigned', 'InvoiceRendered', 'InvoiceSubmitted',
      'InvoiceSubmissionFailed', 'InvoiceAccepted', 'InvoiceRejected', 'BuyerNotified',
    ],
    consumerGroup: 'fe.projection',
  },
  notifier: { produces: ['BuyerNotified'], consumes: ['InvoiceAccepted', 'InvoiceRendered'], consumerGroup: 'fe.notifier' },
};
