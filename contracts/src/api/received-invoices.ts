import { z } from 'zod';
import { receivedInvoiceCheckSchema } from '../events/received-invoice-imported.v1.ts';
import {
  buyerEventClaimSchema,
  buyerEventCodeSchema,
  buyerEventPersonSchema,
} from '../events/received-invoice-shared.ts';
import { cufeSchema } from './invoice-response.ts';

/** POST …/received-invoices/<cufe>/events: the buyer's RADIAN event (docs/radian.md, "The buyer's side"). */
export const buyerEventRequestSchema = z
  .strictObject({
    code: buyerEventCodeSchema,
    person: buyerEventPersonSchema
      .optional()
      .describe('Who received the invoice (030), the goods or service (032), or accepted (033): required for those.'),
    claim: buyerEventClaimSchema
      .optional()
      .describe('The reason of a claim (031): required for it, refused on others.'),
  })
  .superRefine((body, ctx) => {
    if (body.code === '031' && !body.claim)
      ctx.addIssue({ code: 'custom', path: ['claim'], message: 'un reclamo (031) lleva su motivo' });
    if (body.code !== '031' && body.claim)
      ctx.addIssue({ code: 'custom', path: ['claim'], message: 'solo un reclamo (031) lleva motivo' });
    if (body.code !== '031' && !body.person)
      ctx.addIssue({
        code: 'custom',
        path: ['person'],
        message: 'este evento nombra a la persona que recibió o aceptó',
      });
  })
  .meta({ id: 'BuyerEventRequest' });
export type BuyerEventRequestBody = z.infer<typeof buyerEventRequestSchema>;

export const buyerAnswerOfReceivedSchema = z.enum(['none', 'received', 'goods_received', 'claimed', 'accepted']);

/** One of the buyer's events on a received invoice, as the API shows it. */
export const buyerEventViewSchema = z
  .object({
    code: buyerEventCodeSchema,
    event_id: z.string(),
    status: z.enum(['requested', 'registered', 'refused']),
    requested_at: z.string(),
    cude: z.string().optional(),
    issue_date: z.string().optional(),
    registered_at: z.string().optional(),
    rules: z.array(z.object({ rule: z.string(), message: z.string() })).optional(),
    mailed_to: z.string().optional().describe("The supplier's address the event's AttachedDocument was mailed to."),
    person: buyerEventPersonSchema.optional(),
    claim: buyerEventClaimSchema.optional(),
  })
  .meta({ id: 'BuyerEventView' });

/** A received invoice with its checks and the buyer's events. */
export const receivedInvoiceResponseSchema = z
  .object({
    cufe: cufeSchema,
    number: z.string(),
    issue_date: z.string().optional(),
    supplier: z.object({ nit: z.string(), name: z.string(), email: z.string().optional() }),
    payable_amount: z.string().optional(),
    source: z.enum(['upload', 'mail']),
    received_at: z.string(),
    checks_passed: z.boolean(),
    checks: z.array(receivedInvoiceCheckSchema),
    buyer_answer: buyerAnswerOfReceivedSchema,
    events: z.array(buyerEventViewSchema),
  })
  .meta({ id: 'ReceivedInvoice' });
export type ReceivedInvoiceResponse = z.infer<typeof receivedInvoiceResponseSchema>;

export const receivedInvoiceListSchema = z
  .object({ invoices: z.array(receivedInvoiceResponseSchema), next_before: z.string().optional() })
  .meta({ id: 'ReceivedInvoiceList' });

/** PUT /api/v1/service/reception-mailbox: where the tenant's suppliers mail their invoices (docs/mailbox.md). */
export const receptionMailboxRequestSchema = z
  .strictObject({
    url: z
      .string()
      .min(1)
      .max(500)
      .describe('imaps://host:993, or imap://host:143 with STARTTLS (plain only on loopback); no credentials in it.'),
    user: z.string().min(1).max(320).describe('The IMAP login, often the reception address itself.'),
    password: z.string().min(1).max(1000).describe('Kept sealed under the master key; never shown again nor logged.'),
    folder: z.string().min(1).max(200).default('INBOX').describe('The folder read.'),
  })
  .meta({ id: 'ReceptionMailboxRequest' });

export const receptionMailboxResponseSchema = z
  .object({
    configured: z.boolean(),
    url: z.string().optional(),
    user: z.string().optional(),
    folder: z.string().optional(),
    updated_at: z.string().optional(),
  })
  .meta({ id: 'ReceptionMailbox' });
export type ReceptionMailboxResponse = z.infer<typeof receptionMailboxResponseSchema>;
