import { receivedInvoiceEventMailedV1 } from './received-invoice-event-mailed.v1.ts';
import { receivedInvoiceEventRefusedV1 } from './received-invoice-event-refused.v1.ts';
import { receivedInvoiceEventRegisteredV1 } from './received-invoice-event-registered.v1.ts';
import { receivedInvoiceEventRequestedV1 } from './received-invoice-event-requested.v1.ts';
import { receivedInvoiceImportedV1 } from './received-invoice-imported.v1.ts';

export * from './received-invoice-shared.ts';
export * from './received-invoice-imported.v1.ts';
export * from './received-invoice-event-requested.v1.ts';
export * from './received-invoice-event-registered.v1.ts';
export * from './received-invoice-event-refused.v1.ts';
export * from './received-invoice-event-mailed.v1.ts';

/**
 * The buyer's received invoices (docs/radian.md, "The buyer's side"): streams of their own (`rcv-<tenant>-<cufe>`)
 * carried on the invoice topic, keyed by that stream, so the bus and the relay serve them unchanged.
 */
export const receivedInvoiceEvents = {
  schemas: {
    'ReceivedInvoiceImported.v1': receivedInvoiceImportedV1,
    'ReceivedInvoiceEventRequested.v1': receivedInvoiceEventRequestedV1,
    'ReceivedInvoiceEventRegistered.v1': receivedInvoiceEventRegisteredV1,
    'ReceivedInvoiceEventRefused.v1': receivedInvoiceEventRefusedV1,
    'ReceivedInvoiceEventMailed.v1': receivedInvoiceEventMailedV1,
  },
  union: [
    receivedInvoiceImportedV1,
    receivedInvoiceEventRequestedV1,
    receivedInvoiceEventRegisteredV1,
    receivedInvoiceEventRefusedV1,
    receivedInvoiceEventMailedV1,
  ],
} as const;

/** The types of a received invoice's stream: not an issued document's, so the status projection passes them over. */
export const receivedInvoiceEventTypes = [
  'ReceivedInvoiceImported',
  'ReceivedInvoiceEventRequested',
  'ReceivedInvoiceEventRegistered',
  'ReceivedInvoiceEventRefused',
  'ReceivedInvoiceEventMailed',
] as const;

/** A received invoice's stream: one per tenant and CUFE, so importing the same invoice twice finds the first. */
export const receivedInvoiceStream = (tenantId: string, cufe: string): string => `rcv-${tenantId}-${cufe}`;
