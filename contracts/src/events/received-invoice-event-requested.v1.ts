import { z } from 'zod';
import { envelopeSchema } from './envelope.ts';
import { buyerEventClaimSchema, buyerEventCodeSchema, buyerEventPersonSchema } from './received-invoice-shared.ts';

/**
 * The buyer asked for a RADIAN event on a received invoice, its order checked (030 → 032 → 031 or 033): the
 * submitter signs it with the tenant's certificate and sends it to DIAN.
 */
export const receivedInvoiceEventRequestedV1Data = z.object({
  code: buyerEventCodeSchema,
  event_id: z
    .string()
    .regex(/^[A-Za-z0-9]{1,50}$/)
    .describe("The event document's own number (its cbc:ID)."),
  person: buyerEventPersonSchema.optional(),
  claim: buyerEventClaimSchema.optional(),
  requested_from: z.enum(['api', 'portal']),
});

export const receivedInvoiceEventRequestedV1 = envelopeSchema(
  'ReceivedInvoiceEventRequested',
  1,
  receivedInvoiceEventRequestedV1Data,
).meta({ id: 'ReceivedInvoiceEventRequested.v1' });
export type ReceivedInvoiceEventRequestedV1 = z.infer<typeof receivedInvoiceEventRequestedV1>;
