import { z } from 'zod';
import { envelopeSchema } from './envelope.ts';

/** Where the buyer's address came from (docs/notifier.md, "Where to send"). */
export const notificationAddressSourceSchema = z
  .enum(['request', 'dian_acquirer', 'resend_request'])
  .meta({ id: 'NotificationAddressSource' });
export type NotificationAddressSource = z.infer<typeof notificationAddressSourceSchema>;

/**
 * Recorded BEFORE the mail is handed over, so a crash after sending is seen by the next delivery and never yields a
 * silent second mail (docs/notifier.md, "Exactly one mail per invoice, from the sender's side").
 */
export const buyerNotificationStartedV1Data = z.object({
  email: z.email(),
  source: notificationAddressSourceSchema,
  message_id: z
    .string()
    .min(1)
    .describe("The mail's Message-ID, stable for this notification: every retry sends the same one."),
  attempt: z.number().int().positive(),
  attached_document_id: z.string().min(1),
  file_name: z
    .string()
    .min(1)
    .optional()
    .describe(
      "The attached zip's name (z…zip), from the issuer's file counter, as attached_document_id is: every round carries both",
    ),
});

export const buyerNotificationStartedV1 = envelopeSchema(
  'BuyerNotificationStarted',
  1,
  buyerNotificationStartedV1Data,
).meta({ id: 'BuyerNotificationStarted.v1' });
export type BuyerNotificationStartedV1 = z.infer<typeof buyerNotificationStartedV1>;
