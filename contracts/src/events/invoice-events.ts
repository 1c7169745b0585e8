import { z } from 'zod';
import { buyerNotificationFailedV1 } from './buyer-notification-failed.v1.ts';
import { buyerNotificationRequestedV1 } from './buyer-notification-requested.v1.ts';
import { buyerNotificationSkippedV1 } from './buyer-notification-skipped.v1.ts';
import { buyerNotificationStartedV1 } from './buyer-notification-started.v1.ts';
import { buyerNotifiedV1 } from './buyer-notified.v1.ts';
import { creditNoteRequestedV1 } from './credit-note-requested.v1.ts';
import { creditNoteRequestedV2 } from './credit-note-requested.v2.ts';
import {
  creditNoteRequestedV1AsV3,
  creditNoteRequestedV2AsV3,
  creditNoteRequestedV3,
} from './credit-note-requested.v3.ts';
import { debitNoteRequestedV1 } from './debit-note-requested.v1.ts';
import { debitNoteRequestedV2 } from './debit-note-requested.v2.ts';
import { debitNoteRequestedV1AsV3, debitNoteRequestedV2AsV3, debitNoteRequestedV3 } from './debit-note-requested.v3.ts';
import { invoiceNoteIssuedV1 } from './invoice-note-issued.v1.ts';
import { invoiceNoteReservedV1 } from './invoice-note-reserved.v1.ts';
import { invoiceNoteReservedV1AsV2, invoiceNoteReservedV2 } from './invoice-note-reserved.v2.ts';
import { invoiceAcceptedV1 } from './invoice-accepted.v1.ts';
import { invoiceProcessingHaltedV1 } from './invoice-processing-halted.v1.ts';
import { invoiceRadianEventAnsweredV1 } from './invoice-radian-event-answered.v1.ts';
import { invoiceRadianEventRegisteredV1 } from './invoice-radian-event-registered.v1.ts';
import { invoiceRadianEventRequestedV1 } from './invoice-radian-event-requested.v1.ts';
import { invoiceRedriveRequestedV1 } from './invoice-redrive-requested.v1.ts';
import { invoiceRejectedV1 } from './invoice-rejected.v1.ts';
import { invoiceRenderedV1 } from './invoice-rendered.v1.ts';
import { invoiceRequestedV1 } from './invoice-requested.v1.ts';
import { invoiceRequestedV2 } from './invoice-requested.v2.ts';
import { invoiceRequestedV1AsV3, invoiceRequestedV2AsV3, invoiceRequestedV3 } from './invoice-requested.v3.ts';
import { invoiceSignedV1 } from './invoice-signed.v1.ts';
import { invoiceSubmissionFailedV1 } from './invoice-submission-failed.v1.ts';
import { invoiceSubmittedV1 } from './invoice-submitted.v1.ts';
import { receivedInvoiceEvents } from './received-invoice-events.ts';

/** Every published invoice event schema, by `type` and `version`. */
export const invoiceEventSchemas = {
  'InvoiceRequested.v1': invoiceRequestedV1,
  'InvoiceRequested.v2': invoiceRequestedV2,
  'InvoiceRequested.v3': invoiceRequestedV3,
  'InvoiceSigned.v1': invoiceSignedV1,
  'InvoiceRendered.v1': invoiceRenderedV1,
  'InvoiceSubmitted.v1': invoiceSubmittedV1,
  'InvoiceSubmissionFailed.v1': invoiceSubmissionFailedV1,
  'InvoiceAccepted.v1': invoiceAcceptedV1,
  'InvoiceRejected.v1': invoiceRejectedV1,
  'BuyerNotificationRequested.v1': buyerNotificationRequestedV1,
  'BuyerNotificationStarted.v1': buyerNotificationStartedV1,
  'BuyerNotified.v1': buyerNotifiedV1,
  'BuyerNotificationFailed.v1': buyerNotificationFailedV1,
  'BuyerNotificationSkipped.v1': buyerNotificationSkippedV1,
  'InvoiceProcessingHalted.v1': invoiceProcessingHaltedV1,
  'CreditNoteRequested.v1': creditNoteRequestedV1,
  'DebitNoteRequested.v1': debitNoteRequestedV1,
  'CreditNoteRequested.v2': creditNoteRequestedV2,
  'DebitNoteRequested.v2': debitNoteRequestedV2,
  'CreditNoteRequested.v3': creditNoteRequestedV3,
  'DebitNoteRequested.v3': debitNoteRequestedV3,
  'InvoiceNoteReserved.v1': invoiceNoteReservedV1,
  'InvoiceNoteReserved.v2': invoiceNoteReservedV2,
  'InvoiceNoteIssued.v1': invoiceNoteIssuedV1,
  'InvoiceRedriveRequested.v1': invoiceRedriveRequestedV1,
  'InvoiceRadianEventRegistered.v1': invoiceRadianEventRegisteredV1,
  ...receivedInvoiceEvents.schemas,
  'InvoiceRadianEventRequested.v1': invoiceRadianEventRequestedV1,
  'InvoiceRadianEventAnswered.v1': invoiceRadianEventAnsweredV1,
} as const;

/** Today's version of every invoice event, by `type`. */
const currentInvoiceEventSchema = z.discriminatedUnion('type', [
  invoiceRequestedV3,
  invoiceSignedV1,
  invoiceRenderedV1,
  invoiceSubmittedV1,
  invoiceSubmissionFailedV1,
  invoiceAcceptedV1,
  invoiceRejectedV1,
  buyerNotificationRequestedV1,
  buyerNotificationStartedV1,
  buyerNotifiedV1,
  buyerNotificationFailedV1,
  buyerNotificationSkippedV1,
  invoiceProcessingHaltedV1,
  creditNoteRequestedV3,
  debitNoteRequestedV3,
  invoiceNoteReservedV2,
  invoiceNoteIssuedV1,
  invoiceRedriveRequestedV1,
  invoiceRadianEventRegisteredV1,
  ...receivedInvoiceEvents.union,
  invoiceRadianEventRequestedV1,
  invoiceRadianEventAnsweredV1,
]);

/**
 * Every invoice event a reader meets, read as today's version: an earlier version is upcast here (docs/events.md,
 * "Versioning"), so the store's and the topics' readers all read one version of each type.
 */
export const invoiceEventSchema = z.union([
  currentInvoiceEventSchema,
  invoiceRequestedV2AsV3,
  invoiceRequestedV1AsV3,
  creditNoteRequestedV2AsV3,
  creditNoteRequestedV1AsV3,
  debitNoteRequestedV2AsV3,
  debitNoteRequestedV1AsV3,
  invoiceNoteReservedV1AsV2,
]);

export type InvoiceEvent = z.output<typeof invoiceEventSchema>;
export type InvoiceEventType = InvoiceEvent['type'];
export const invoiceEventTypes = currentInvoiceEventSchema.options.map((o) => o.shape.type.value) as InvoiceEventType[];

/** The version writers write of each type: today's (readers get the older ones upcast by invoiceEventSchema). */
export const currentInvoiceEventVersion = Object.fromEntries(
  currentInvoiceEventSchema.options.map((o) => [o.shape.type.value, o.shape.version.value]),
) as Record<InvoiceEventType, number>;
