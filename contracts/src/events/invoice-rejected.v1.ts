import { z } from 'zod';
import { envelopeSchema } from './envelope.ts';
import { blobKey, taxAuthorityRule } from './shared.ts';

/** DIAN refused the invoice (StatusCode 99 or a "processed before" answer). Final. */
export const invoiceRejectedV1Data = z.object({
  track_id: z.string(),
  status_code: z.string(),
  status_description: z.string(),
  status_message: z.string(),
  errors: z.array(taxAuthorityRule).min(1),
  application_response_key: blobKey.optional(),
  rejected_at: z.iso.datetime({ offset: true }),
});

export const invoiceRejectedV1 = envelopeSchema('InvoiceRejected', 1, invoiceRejectedV1Data).meta({
  id: 'InvoiceRejected.v1',
});
export type InvoiceRejectedV1 = z.infer<typeof invoiceRejectedV1>;
