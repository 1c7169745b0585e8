import type { InvoiceEventType } from './events/invoice-events.ts';
import type { ProcessingStep } from './events/invoice-processing-halted.v1.ts';

/**
 * Who produces and who consumes what, as data, so adapters create topics from it and a test checks every consumed
 * event has exactly one producer.
 */
export const topics = {
  invoiceEvents: { name: 'fe.invoice.events.v1', key: 'invoice_id', partitions: 6 },
  tenantEvents: { name: 'fe.tenant.events.v1', key: 'tenant_id', partitions: 3 },
} as const;

export type ServiceName =
  'ingress' | 'signer' | 'renderer' | 'submitter' | 'projection' | 'notifier' | 'deadLetters' | 'operator';

export type ServiceTopology = {
  produces: readonly InvoiceEventType[];
  consumes: readonly InvoiceEventType[];
  consumerGroup?: string;
  /**
   * The step of the invoice's flow this service's reaction performs: named when it gives up (InvoiceProcessingHalted).
   */
  step?: ProcessingStep;
};

export const topology: Record<ServiceName, ServiceTopology> = {
  // Across processes each ingress instance also hears every invoice event, on a group of its own
  // (`fe.ingress.outcomes.<uuid>`), to answer the requests it holds: a doorbell, not a reaction
  // (docs/guarantees.md, "Waiting for DIAN").
  // A note's reservation and issue are recorded on the invoice's stream: its ledger of notes (docs/notes.md).
  ingress: {
    produces: [
      'InvoiceRequested',
      'CreditNoteRequested',
      'DebitNoteRequested',
      'InvoiceNoteReserved',
      'InvoiceNoteIssued',
      'BuyerNotificationRequested',
      // The buyer's side: a supplier's invoice uploaded or read from the reception mailbox, and the buyer's events.
      'ReceivedInvoiceImported',
      'ReceivedInvoiceEventRequested',
      // The seller's 034, 036, 037 asked through the API (the portal's buttons append it too; docs/radian.md).
      'InvoiceRadianEventRequested',
    ],
    consumes: [],
  },
  // A credit or debit note is signed like an invoice, on its own stream (docs/signing.md).
  signer: {
    produces: ['InvoiceSigned'],
    consumes: ['InvoiceRequested', 'CreditNoteRequested', 'DebitNoteRequested'],
    consumerGroup: 'fe.signer',
    step: 'signing',
  },
  // The PDF is drawn once, after DIAN's verdict, so it can carry the validation time (docs/service.md).
  renderer: {
    produces: ['InvoiceRendered'],
    // InvoiceSigned: a contingency invoice (type 04) is drawn before DIAN's verdict (docs/contingency.md).
    consumes: ['InvoiceAccepted', 'InvoiceRejected', 'InvoiceSigned'],
    consumerGroup: 'fe.renderer',
    step: 'rendering',
  },
  submitter: {
    // It owns the DIAN gateway, so it also follows an accepted invoice's RADIAN events and sends the seller's 034
    // (docs/radian.md).
    produces: [
      'InvoiceSubmitted',
      'InvoiceSubmissionFailed',
      'InvoiceAccepted',
      'InvoiceRejected',
      'InvoiceRadianEventRegistered',
      'ReceivedInvoiceEventRegistered',
      'ReceivedInvoiceEventRefused',
      'InvoiceRadianEventAnswered',
    ],
    consumes: [
      'InvoiceSigned',
      'InvoiceSubmissionFailed',
      'InvoiceRedriveRequested',
      'InvoiceAccepted',
      'ReceivedInvoiceEventRequested',
      'InvoiceRadianEventRequested',
    ],
    consumerGroup: 'fe.submitter',
    step: 'submission',
  },
  projection: {
    produces: [],
    consumes: [
      'InvoiceRequested',
      'CreditNoteRequested',
      'DebitNoteRequested',
      'InvoiceNoteReserved',
      'InvoiceNoteIssued',
      'InvoiceSigned',
      'InvoiceRendered',
      'InvoiceSubmitted',
      'InvoiceSubmissionFailed',
      'InvoiceAccepted',
      'InvoiceRejected',
      'InvoiceProcessingHalted',
      'InvoiceRedriveRequested',
      'BuyerNotificationRequested',
      'BuyerNotificationStarted',
      'BuyerNotified',
      'BuyerNotificationFailed',
      'BuyerNotificationSkipped',
      'InvoiceRadianEventRegistered',
      'InvoiceRadianEventRequested',
      'InvoiceRadianEventAnswered',
    ],
    consumerGroup: 'fe.projection',
  },
  // The mail leaves once the PDF is drawn after an acceptance (docs/notifier.md); a resend is asked for by an event.
  notifier: {
    produces: [
      'BuyerNotificationStarted',
      'BuyerNotified',
      'BuyerNotificationFailed',
      'BuyerNotificationSkipped',
      'ReceivedInvoiceEventMailed',
    ],
    // The buyer's registered event goes to the supplier by mail (docs/radian.md, "The buyer's side").
    // InvoiceAccepted: a contingency invoice, mailed before DIAN had it, is mailed again with DIAN's answer.
    consumes: ['InvoiceRendered', 'BuyerNotificationRequested', 'ReceivedInvoiceEventRegistered', 'InvoiceAccepted'],
    consumerGroup: 'fe.notifier',
    step: 'notification',
  },
  // Not a service of its own: the dead-letter path of every service with a `step`, when its group
  // gives up on an invoice event (packages/platform, dead-letters/record-halts.ts).
  deadLetters: { produces: ['InvoiceProcessingHalted'], consumes: [] },
  // Not a service either: an operator's re-drive of a step that failed for good (`pnpm fe redrive`, the portal).
  operator: { produces: ['InvoiceRedriveRequested'], consumes: [] },
};
