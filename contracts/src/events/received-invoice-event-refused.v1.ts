import { z } from 'zod';
import { envelopeSchema } from './envelope.ts';
import { buyerEventCodeSchema } from './received-invoice-shared.ts';
import { taxAuthorityRule } from './shared.ts';

/** DIAN refused the buyer's event (99 with its rules), or it could not be built; the buyer may ask again. */
export const receivedInvoiceEventRefusedV1Data = z.object({
  code: buyerEventCodeSchema,
  event_id: z.string().min(1),
  cude: z
    .string()
    .regex(/^[0-9a-f]{96}$/)
    .optional(),
  status_code: z.string(),
  rules: z.array(taxAuthorityRule),
});

export const receivedInvoiceEventRefusedV1 = envelopeSchema(
  'ReceivedInvoiceEventRefused',
  1,
  receivedInvoiceEventRefusedV1Data,
).meta({ id: 'ReceivedInvoiceEventRefused.v1' });
export type ReceivedInvoiceEventRefusedV1 = z.infer<typeof receivedInvoiceEventRefusedV1>;
