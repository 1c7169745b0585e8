import { z } from 'zod';
import { envelopeSchema } from './envelope.ts';

/**
 * The buyer's mail did not go, or may not have; the invoice stays accepted. `final` false is retried with backoff;
 * `POST …/notify` sends again on request.
 */
export const buyerNotificationFailedV1Data = z.object({
  email: z.email().optional(),
  message_id: z.string().optional(),
  attempt: z.number().int().positive(),
  code: z
    .string()
    .min(1)
    .describe('A stable code of the mail catalogue, e.g. MAIL_RECIPIENT_REFUSED, MAIL_OUTCOME_UNKNOWN.'),
  reason: z.string().describe('What the server or the notifier said; never a credential.'),
  final: z.boolean(),
  failed_at: z.iso.datetime({ offset: true }),
});

export const buyerNotificationFailedV1 = envelopeSchema(
  'BuyerNotificationFailed',
  1,
  buyerNotificationFailedV1Data,
).meta({ id: 'BuyerNotificationFailed.v1' });
export type BuyerNotificationFailedV1 = z.infer<typeof buyerNotificationFailedV1>;
