import { z } from 'zod';
import { cufeSchema } from './invoice-response.ts';

/** Body of POST /api/v1/service/invoice/<cufe>/notify (may be empty). */
export const notifyBuyerRequestSchema = z
  .object({
    email: z
      .email()
      .max(254)
      .optional()
      .describe(
        "Send to this address instead; absent: the request's customer.email, else the one DIAN has registered for the buyer.",
      ),
  })
  .strict()
  .meta({ id: 'NotifyBuyerRequest' });

/** Body of its 202: the resend is recorded; the status shows its progress under buyer_notification. */
export const notifyBuyerResponseSchema = z
  .object({
    success: z.literal(true),
    cufe: cufeSchema,
    requested_at: z.iso.datetime({ offset: true }),
    email: z.email().optional().describe('The address asked for, when one was given.'),
    status_url: z.string().describe('Where to follow it: buyer_notification of the status.'),
  })
  .meta({ id: 'NotifyBuyerResponse' });

export type NotifyBuyerRequest = z.infer<typeof notifyBuyerRequestSchema>;
export type NotifyBuyerResponse = z.infer<typeof notifyBuyerResponseSchema>;
