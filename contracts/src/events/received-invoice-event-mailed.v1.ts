import { z } from 'zod';
import { envelopeSchema } from './envelope.ts';
import { buyerEventCodeSchema } from './received-invoice-shared.ts';
import { blobKey } from './shared.ts';

/** The registered event's AttachedDocument (the event and DIAN's answer) was mailed to the supplier. */
export const receivedInvoiceEventMailedV1Data = z.object({
  code: buyerEventCodeSchema,
  cude: z.string().regex(/^[0-9a-f]{96}$/),
  to: z.string().min(1),
  attached_document_key: blobKey,
  message_id: z.string().optional(),
});

export const receivedInvoiceEventMailedV1 = envelopeSchema(
  'ReceivedInvoiceEventMailed',
  1,
  receivedInvoiceEventMailedV1Data,
).meta({ id: 'ReceivedInvoiceEventMailed.v1' });
export type ReceivedInvoiceEventMailedV1 = z.infer<typeof receivedInvoiceEventMailedV1>;
