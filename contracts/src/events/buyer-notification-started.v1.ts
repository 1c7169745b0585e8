import { z } from 'zod';
import { envelopeSchema } from './envelope.ts';

/** Where the buyer's address came from (docs/notifier.md, "Where to send"). */
export const notificationAddressSourceSchema = z.enum(['request', 'dian_acquirer', 'resend_request']).meta({ id: 'NotificationAddressSource' });
export type NotificationAddressSource = z.infer<typeof notificationAddressSourceSchema>;

/**
 * The notifier is about to hand the mail to the transport: recorded BEFORE sending, so a crash
 * between sending and recording the outcome is seen by the next delivery, which then never sends a
 * second mail silently (docs/notifier.md, "Exactly one mail per invoice, from the sender's side").
 */
export const buyerNotificationStartedV1Data = z.object({
  email: z.email(),
  source: notificationAddressSourceSchema,
  message_id: z.string().min(1).describe('The mail\'s Message-ID, stable for this notification: every retry sends the same one.'),
  attempt: z.number().int().positive(),
  attached_document_id: z.string().min(1),
});

export const buyerNotificationStartedV1 = envelopeSchema('BuyerNotificationStarted', 1, buyerNotificationStartedV1Data).meta({ id: 'BuyerNotificationStarted.v1' });
export type BuyerNotificationStartedV1 = z.infer<typeof buyerNotificationStartedV1>;
