import { z } from 'zod';
import { envelopeSchema } from './envelope.ts';

/**
 * Someone asked, through `POST /api/v1/service/invoice/<cufe>/notify`, to send the buyer's mail again (optionally
 * elsewhere).
 */
export const buyerNotificationRequestedV1Data = z.object({
  email: z.email().optional().describe('Another address; absent: the one the automatic notification would use.'),
  requested_at: z.iso.datetime({ offset: true }),
});

export const buyerNotificationRequestedV1 = envelopeSchema(
  'BuyerNotificationRequested',
  1,
  buyerNotificationRequestedV1Data,
).meta({ id: 'BuyerNotificationRequested.v1' });
export type BuyerNotificationRequestedV1 = z.infer<typeof buyerNotificationRequestedV1>;
