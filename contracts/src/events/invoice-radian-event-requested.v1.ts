import { z } from 'zod';
import { envelopeSchema } from './envelope.ts';
import { amountString } from './shared.ts';

/** The RADIAN events the seller asks this service to send on its invoice (docs/radian.md, "The seller's requests"). */
export const sellerRadianEventCodeSchema = z
  .enum(['034', '036', '037'])
  .describe('034 aceptación tácita, 036 inscripción como título valor, 037 endoso en propiedad.');

/** `requested_by` of the 034 the event check issued on its own and DIAN rejected: recorded once, then offered. */
export const automaticTacitRequester = 'schedule';

/** A party of an endorsement (037's ReceiverParty), as DIAN identifies it. */
export const radianPartySchema = z.object({
  name: z.string().min(1).max(450),
  document_type: z
    .string()
    .regex(/^\d{2}$/)
    .describe("Identification type (annex table 13.2.1): '31' a NIT."),
  id: z
    .string()
    .regex(/^[A-Za-z0-9]{1,20}$/)
    .describe('The identification number, without DV.'),
  dv: z.number().int().min(0).max(9).optional().describe("A NIT's check digit."),
  person_type: z.enum(['1', '2']).describe("'1' persona jurídica, '2' persona natural."),
});

/**
 * The seller asked for one of its RADIAN events on the invoice (the API or the portal's button): the submitter, which
 * owns the DIAN gateway, issues it and records InvoiceRadianEventAnswered with the same `request_id`.
 */
export const invoiceRadianEventRequestedV1Data = z.object({
  request_id: z.uuid().describe('Names this request; its answer carries it.'),
  code: sellerRadianEventCodeSchema,
  requested_by: z
    .string()
    .min(1)
    .max(200)
    .describe(
      'Who asked: `api:<tenant>`, `portal:<account email>`, or `schedule` (the automatic 034, recorded when DIAN rejected it).',
    ),
  requested_at: z.iso.datetime({ offset: true }),
  operation_type: z
    .enum(['361', '362', '363', '364', '371', '372'])
    .optional()
    .describe(
      "036: 361–364; 037: 371 (con responsabilidad) or 372 (sin responsabilidad); the event's CustomizationID.",
    ),
  endorsee: radianPartySchema.optional().describe('037 only: who the invoice is endorsed to (the factor).'),
  paid_amount: amountString
    .optional()
    .describe('036 only: what the buyer paid before the registration (ValorPagado); absent in requests before it.'),
  endorsement_kind: z
    .enum(['complete', 'blank'])
    .optional()
    .describe('037 only: endoso completo (ResponseCode/@listID 1) or en blanco (2); absent: complete.'),
  amount: amountString.optional().describe('037 only: the endorsed value (ValorTotalEndoso).'),
  discount_rate: z
    .string()
    .regex(/^\d{1,3}(\.\d{1,2})?$/)
    .optional()
    .describe('037 only: the discount, a percentage (TasaDescuento); absent in requests before it: 0.'),
  payment_means: z
    .string()
    .regex(/^[A-Z0-9]{1,3}$/)
    .optional()
    .describe("037 only: how the endorsee pays (MedioPago, DIAN's MediosPago list); absent: the invoice's."),
});

export const invoiceRadianEventRequestedV1 = envelopeSchema(
  'InvoiceRadianEventRequested',
  1,
  invoiceRadianEventRequestedV1Data,
).meta({ id: 'InvoiceRadianEventRequested.v1' });
export type InvoiceRadianEventRequestedV1 = z.infer<typeof invoiceRadianEventRequestedV1>;
export type RadianEventRequest = InvoiceRadianEventRequestedV1['data'];
