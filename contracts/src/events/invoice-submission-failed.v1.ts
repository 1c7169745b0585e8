import { z } from 'zod';
import { envelopeSchema } from './envelope.ts';

/**
 * A submission attempt did not get an answer from DIAN (timeout, HTTP 5xx, SOAP fault).
 * Not a rejection: the invoice stays pending. `retriable` says whether the submitter will try
 * again (after reconciling with GetStatus when the outcome is unknown).
 */
export const invoiceSubmissionFailedV1Data = z.object({
  attempt: z.number().int().positive(),
  retriable: z.boolean(),
  reason: z.string().describe('Stable reason code, e.g. TIMEOUT, HTTP_503, SOAP_FAULT'),
  message: z.string(),
  outcome_unknown: z.boolean().describe('True when DIAN may have received the document (timeout after sending)'),
  next_attempt_at: z.iso.datetime({ offset: true }).optional(),
});

export const invoiceSubmissionFailedV1 = envelopeSchema('InvoiceSubmissionFailed', 1, invoiceSubmissionFailedV1Data).meta({
  id: 'InvoiceSubmissionFailed.v1',
});
export type InvoiceSubmissionFailedV1 = z.infer<typeof invoiceSubmissionFailedV1>;
