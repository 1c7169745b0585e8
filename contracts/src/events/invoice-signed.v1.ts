import { z } from 'zod';
import { envelopeSchema } from './envelope.ts';
import { blobKey, sha256Hex } from './shared.ts';

/** The signer produced the XAdES-EPES signed XML and stored it. */
export const invoiceSignedV1Data = z.object({
  xml_key: blobKey,
  xml_sha256: sha256Hex,
  signed_at: z.iso.datetime({ offset: true }),
  certificate_serial: z.string().describe('Serial of the signing certificate (hex); never the key'),
});

export const invoiceSignedV1 = envelopeSchema('InvoiceSigned', 1, invoiceSignedV1Data).meta({ id: 'InvoiceSigned.v1' });
export type InvoiceSignedV1 = z.infer<typeof invoiceSignedV1>;
