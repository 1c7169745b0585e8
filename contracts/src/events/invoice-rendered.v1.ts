import { z } from 'zod';
import { envelopeSchema } from './envelope.ts';
import { blobKey, sha256Hex } from './shared.ts';

/** The renderer produced the PDF graphic representation and stored it. */
export const invoiceRenderedV1Data = z.object({
  pdf_key: blobKey,
  pdf_sha256: sha256Hex,
  pages: z.number().int().positive(),
});

export const invoiceRenderedV1 = envelopeSchema('InvoiceRendered', 1, invoiceRenderedV1Data).meta({
  id: 'InvoiceRendered.v1',
});
export type InvoiceRenderedV1 = z.infer<typeof invoiceRenderedV1>;
