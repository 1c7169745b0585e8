import { z } from 'zod';
import { envelopeSchema } from './envelope.ts';
import { blobKey, sha256Hex } from './shared.ts';

/** The RADIAN events the service follows (docs/radian.md): the buyer's answers, the tacit acceptance, título valor. */
export const radianEventCodeSchema = z
  .enum(['030', '031', '032', '033', '034', '036', '037'])
  .describe(
    '030 acuse de recibo, 031 reclamo, 032 recibo del bien o servicio, 033 aceptación expresa, 034 aceptación tácita, 036 inscripción como título valor, 037 endoso en propiedad.',
  );

/**
 * RADIAN registered an event on the invoice (docs/radian.md, "Following an invoice's events"): the seller learned it
 * from DIAN (GetStatusEvent), or issued it itself (its own 034, `issued_by_us`). One per event, by its CUDE. DIAN's
 * verdict on the invoice is InvoiceAccepted; the buyer's acceptance is this event with code 033 or 034.
 */
export const invoiceRadianEventRegisteredV1Data = z.object({
  code: radianEventCodeSchema,
  name: z.string().describe("The event's name as DIAN lists it (cbc:Description)."),
  event_id: z.string().min(1).describe("The event document's own number (its cbc:ID), unique per sender and code."),
  cude: z
    .string()
    .regex(/^[0-9a-f]{96}$/)
    .describe("The event's CUDE (SHA-384, lower-case hex)."),
  issue_date: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .describe('The Colombian date the sender issued the event.'),
  issue_time: z
    .string()
    .regex(/^\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})?$/)
    .describe('The time the sender issued the event, as written (e.g. 09:15:00-05:00).'),
  sender: z
    .object({
      nit: z.string().min(1).describe('Who sent the event: its NIT or identification number, without DV.'),
      name: z.string().optional(),
    })
    .describe('The buyer for 030–033; the seller for 034.'),
  person: z
    .object({
      id: z.string().min(1),
      first_name: z.string(),
      family_name: z.string(),
      job_title: z.string().optional(),
      department: z.string().optional(),
    })
    .optional()
    .describe('Who received the invoice or the goods, or accepted, when the event names one and it is known.'),
  claim: z
    .object({
      reason: z.enum(['01', '02', '03', '04']).describe("A claim's reason (DIAN's list of claim reasons)."),
      text: z.string().optional().describe("The reason's name as DIAN wrote it."),
    })
    .optional()
    .describe('A claim (031) only.'),
  registered_at: z.iso.datetime({ offset: true }).optional().describe('When DIAN registered the event, if it says.'),
  issued_by_us: z
    .boolean()
    .describe("True for the seller's own event sent by this service (the automatic or offered 034)."),
  application_response_key: blobKey
    .optional()
    .describe("DIAN's signed answer to an event this service sent, stored (issued_by_us only)."),
  event_key: blobKey.optional().describe('The signed event this service sent, stored (issued_by_us only).'),
  event_sha256: sha256Hex.optional().describe('SHA-256 of that signed event, as sent (issued_by_us only).'),
});

export const invoiceRadianEventRegisteredV1 = envelopeSchema(
  'InvoiceRadianEventRegistered',
  1,
  invoiceRadianEventRegisteredV1Data,
).meta({ id: 'InvoiceRadianEventRegistered.v1' });
export type InvoiceRadianEventRegisteredV1 = z.infer<typeof invoiceRadianEventRegisteredV1>;
export type RadianEventRegistration = InvoiceRadianEventRegisteredV1['data'];
