import { z } from 'zod';
import { envelopeSchema } from './envelope.ts';
import { blobKey, taxAuthorityRule } from './shared.ts';

/** DIAN validated the invoice (StatusCode 00). Final. */
export const invoiceAcceptedV1Data = z.object({
  track_id: z.string(),
  status_code: z.string(),
  status_description: z.string(),
  status_message: z.string(),
  notifications: z.array(taxAuthorityRule).describe('Non-blocking rules DIAN reported with the acceptance'),
  application_response_key: blobKey.optional().describe("DIAN's signed ApplicationResponse, stored"),
  validated_at: z.iso.datetime({ offset: true }),
});

export const invoiceAcceptedV1 = envelopeSchema('InvoiceAccepted', 1, invoiceAcceptedV1Data).meta({
  id: 'InvoiceAccepted.v1',
});
export type InvoiceAcceptedV1 = z.infer<typeof invoiceAcceptedV1>;
