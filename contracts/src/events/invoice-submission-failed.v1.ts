import { z } from 'zod';
import { envelopeSchema } from './envelope.ts';

/**
 * A submission got no answer from DIAN. Not a rejection: the invoice stays pending, and `retriable` says whether
 * the submitter will try again.
 */
export const invoiceSubmissionFailedV1Data = z.object({
  attempt: z.number().int().positive(),
  retriable: z.boolean(),
  reason: z.string().describe('Stable reason code, e.g. TIMEOUT, HTTP_503, SOAP_FAULT'),
  message: z.string(),
  outcome_unknown: z.boolean().describe('True when DIAN may have received the document (timeout after sending)'),
  next_attempt_at: z.iso.datetime({ offset: true }).optional(),
});

export const invoiceSubmissionFailedV1 = envelopeSchema(
  'InvoiceSubmissionFailed',
  1,
  invoiceSubmissionFailedV1Data,
).meta({
  id: 'InvoiceSubmissionFailed.v1',
});
export type InvoiceSubmissionFailedV1 = z.infer<typeof invoiceSubmissionFailedV1>;
