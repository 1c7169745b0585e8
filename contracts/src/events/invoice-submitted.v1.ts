import { z } from 'zod';
import { envelopeSchema } from './envelope.ts';

/**
 * The submitter handed the signed document to DIAN (SendBillSync, SendBillAsync, or SendTestSetAsync in a habilitación
 * test-set run).
 */
export const invoiceSubmittedV1Data = z.object({
  attempt: z.number().int().positive(),
  operation: z.enum(['SendBillSync', 'SendBillAsync', 'SendTestSetAsync']),
  track_id: z.string(),
  endpoint: z.string().describe('DIAN endpoint URL (never credentials)'),
  file_name: z
    .string()
    .min(1)
    .optional()
    .describe("The zip's name (z…zip), from the issuer's file counter: every send of the document carries it"),
  xml_file_name: z
    .string()
    .min(1)
    .optional()
    .describe("The XML's name inside the zip (fv…, nc… or nd….xml), from the issuer's file counter"),
});

export const invoiceSubmittedV1 = envelopeSchema('InvoiceSubmitted', 1, invoiceSubmittedV1Data).meta({
  id: 'InvoiceSubmitted.v1',
});
export type InvoiceSubmittedV1 = z.infer<typeof invoiceSubmittedV1>;
