import { z } from 'zod';
import { cufeSchema, radianEventSummarySchema } from './invoice-response.ts';

/**
 * Body of the 201 (issued now) and 200 (issued before) answers of POST /api/v1/service/invoice/<cufe>/tacit-acceptance
 * (docs/radian.md, "Tacit acceptance").
 */
export const tacitAcceptanceResponseSchema = z
  .object({
    success: z.literal(true),
    cufe: cufeSchema,
    event: radianEventSummarySchema.describe('The 034 RADIAN registered: its number, CUDE and date.'),
    status_url: z.string().describe("Where the invoice's buyer_answer now says tacitly_accepted."),
  })
  .meta({ id: 'TacitAcceptanceResponse' });

export type TacitAcceptanceResponse = z.infer<typeof tacitAcceptanceResponseSchema>;
