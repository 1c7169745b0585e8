import { z } from 'zod';
import { envelopeSchema } from './envelope.ts';

/** No mail: the request gave no email and DIAN knows no reception address for the buyer (or could not be asked). */
export const buyerNotificationSkippedV1Data = z.object({
  reason: z.enum(['no_address']),
  detail: z.string().describe('What was tried, e.g. "no customer.email; GetAcquirer: no email registered".'),
});

export const buyerNotificationSkippedV1 = envelopeSchema(
  'BuyerNotificationSkipped',
  1,
  buyerNotificationSkippedV1Data,
).meta({ id: 'BuyerNotificationSkipped.v1' });
export type BuyerNotificationSkippedV1 = z.infer<typeof buyerNotificationSkippedV1>;
