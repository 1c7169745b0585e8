import { z } from 'zod';
import { radianPartySchema } from '../events/invoice-radian-event-requested.v1.ts';
import { decimalAmountSchema } from './invoice-request.ts';
import { cufeSchema, radianEventSummarySchema } from './invoice-response.ts';

/**
 * Body of the 201 (issued now) and 200 (issued before) answers of the seller's RADIAN requests: POST
 * /api/v1/service/invoice/<cufe>/tacit-acceptance, …/title-value and …/endorsement (docs/radian.md).
 */
export const radianEventResponseSchema = z
  .object({
    success: z.literal(true),
    cufe: cufeSchema,
    event: radianEventSummarySchema.describe('The event RADIAN registered: its number, CUDE and date.'),
    status_url: z.string().describe("Where the invoice's RADIAN events now list it."),
  })
  .meta({ id: 'RadianEventResponse' });

export type RadianEventResponse = z.infer<typeof radianEventResponseSchema>;
/** The tacit acceptance's answer is a RADIAN event answer. */
export type TacitAcceptanceResponse = RadianEventResponse;

/** Body of the 202 answer: the request is recorded and DIAN's answer has not come within the wait. */
export const radianEventPendingResponseSchema = z
  .object({
    success: z.literal(true),
    cufe: cufeSchema,
    request_id: z
      .uuid()
      .describe("The request's id; the invoice's events (InvoiceRadianEventAnswered) carry its answer."),
    status_url: z.string().describe('Where the event shows once registered.'),
  })
  .meta({ id: 'RadianEventPendingResponse' });

export type RadianEventPendingResponse = z.infer<typeof radianEventPendingResponseSchema>;

/** POST …/title-value: the seller registers its accepted invoice as a título valor (036). */
export const titleValueRequestSchema = z
  .strictObject({
    operation_type: z
      .enum(['361', '362', '363', '364'])
      .optional()
      .describe(
        "The registration type (the event's CustomizationID); default 361, the first registration for general negotiation.",
      ),
    paid_amount: decimalAmountSchema(2, 'paid_amount')
      .optional()
      .describe(
        "What the buyer already paid (ValorPagado), at most the invoice's payable amount; default 0. The título valor is worth the rest (NuevoValorTV).",
      ),
  })
  .meta({ id: 'TitleValueRequest' });

/** POST …/endorsement: the seller, holder of the título valor, endorses it to a factor (037). */
export const endorsementRequestSchema = z
  .strictObject({
    endorsee: radianPartySchema.describe('Who the invoice is endorsed to.'),
    operation_type: z
      .enum(['371', '372'])
      .optional()
      .describe('371 endoso con responsabilidad (default), 372 sin responsabilidad.'),
    kind: z
      .enum(['complete', 'blank'])
      .optional()
      .describe(
        'complete (default): the endorsement names the endorsee; blank: endoso en blanco (ResponseCode/@listID 2, which changes the CUDE).',
      ),
    discount_rate: decimalAmountSchema(2, 'discount_rate').describe(
      'The discount the endorsee takes, a percentage from 0 to 100 (TasaDescuento): the price it pays (PrecioPagarseFEV) is amount × (100 − discount_rate) / 100.',
    ),
    amount: decimalAmountSchema(2, 'amount')
      .optional()
      .describe(
        "The endorsed value (ValorTotalEndoso), more than 0 and at most the invoice's payable amount; default that amount.",
      ),
    payment_means: z
      .string()
      .regex(/^[A-Z0-9]{1,3}$/, 'must be a DIAN payment means code')
      .optional()
      .describe(
        "How the endorsee pays the price (MedioPago, DIAN's MediosPago list); default the invoice's payment means.",
      ),
  })
  .meta({ id: 'EndorsementRequest' });

export type TitleValueRequest = z.infer<typeof titleValueRequestSchema>;
export type EndorsementRequest = z.infer<typeof endorsementRequestSchema>;
