import { z } from 'zod';
import { envelopeSchema } from './envelope.ts';
import { sellerRadianEventCodeSchema } from './invoice-radian-event-requested.v1.ts';

/**
 * What came of a seller's request for a RADIAN event (InvoiceRadianEventRequested, same `request_id`): issued (and
 * registered as InvoiceRadianEventRegistered just before), issued before, or why not. One per request.
 */
export const invoiceRadianEventAnsweredV1Data = z.object({
  request_id: z.uuid(),
  code: sellerRadianEventCodeSchema,
  outcome: z
    .enum(['issued', 'already', 'refused', 'rejected', 'not_accepted', 'unavailable'])
    .describe(
      'issued: sent and registered now; already: registered before; refused: RADIAN does not allow it now (refusal); rejected: DIAN refused the signed event (rules); not_accepted: the invoice is not accepted by DIAN; unavailable: DIAN did not answer or the tenant cannot sign now (reason); ask again.',
    ),
  cude: z
    .string()
    .regex(/^[0-9a-f]{96}$/)
    .optional()
    .describe('issued or already: the registered event.'),
  refusal: z
    .object({
      code: z
        .enum(['GOODS_NOT_RECEIVED', 'TOO_EARLY', 'BUYER_ANSWERED', 'NOT_BUYER_ACCEPTED', 'NOT_A_TITLE', 'NOT_HOLDER'])
        .describe("Why RADIAN's order does not allow the event now (docs/radian.md)."),
      available_from: z.string().optional().describe('TOO_EARLY: the first Colombian date it is allowed.'),
      event: z.string().optional().describe('BUYER_ANSWERED: the answer that excludes it (031 or 033).'),
    })
    .optional(),
  status_code: z.string().optional().describe("rejected: DIAN's StatusCode."),
  rules: z
    .array(z.object({ rule: z.string(), message: z.string() }))
    .optional()
    .describe("rejected: DIAN's rules."),
  reason: z.string().optional().describe('unavailable: a stable code (DIAN_CALLS_BUSY, CREDENTIAL_MISSING, …).'),
  answered_at: z.iso.datetime({ offset: true }),
});

export const invoiceRadianEventAnsweredV1 = envelopeSchema(
  'InvoiceRadianEventAnswered',
  1,
  invoiceRadianEventAnsweredV1Data,
).meta({ id: 'InvoiceRadianEventAnswered.v1' });
export type InvoiceRadianEventAnsweredV1 = z.infer<typeof invoiceRadianEventAnsweredV1>;
export type RadianEventAnswer = InvoiceRadianEventAnsweredV1['data'];
