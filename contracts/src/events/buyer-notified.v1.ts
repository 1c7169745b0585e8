import { z } from 'zod';
import { envelopeSchema } from './envelope.ts';

/** The buyer was sent the invoice (AttachedDocument + PDF) at the email of the request. */
export const buyerNotifiedV1Data = z.object({
  email: z.email(),
  message_id: z.string(),
  notified_at: z.iso.datetime({ offset: true }),
});

export const buyerNotifiedV1 = envelopeSchema('BuyerNotified', 1, buyerNotifiedV1Data).meta({ id: 'BuyerNotified.v1' });
export type BuyerNotifiedV1 = z.infer<typeof buyerNotifiedV1>;
