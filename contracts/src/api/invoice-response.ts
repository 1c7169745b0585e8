import { z } from 'zod';
import { notificationAddressSourceSchema } from '../events/buyer-notification-started.v1.ts';
import { processingStepSchema } from '../events/invoice-processing-halted.v1.ts';
import { errorSchema } from './error-body.ts';

export const cufeSchema = z
  .string()
  .regex(/^[0-9a-f]{96}$/, 'must be 96 lowercase hexadecimal characters')
  .describe('CUFE: SHA-384 of the invoice fields, lowercase hex (annex 1.9 §1.1).')
  .meta({ id: 'Cufe' });

export const invoiceStatusSchema = z.enum(['accepted', 'rejected', 'pending']).meta({ id: 'InvoiceStatus' });

export const taxAuthorityErrorSchema = z
  .object({
    rule: z.string().describe('DIAN rule code, e.g. FAD06.'),
    message: z.string().describe("DIAN's own wording."),
  })
  .meta({ id: 'TaxAuthorityError' });

export const taxAuthorityResponseSchema = z
  .object({
    track_id: z.string().describe('DIAN tracking id (for SendBillSync, the CUFE).'),
    status: z.string().describe('DIAN outcome: accepted, rejected or pending.'),
    status_message: z.string().describe("DIAN's human-readable message."),
    errors: z
      .array(taxAuthorityErrorSchema)
      .optional()
      .describe('Rejection rules, and notifications DIAN attached to an acceptance.'),
  })
  .meta({ id: 'TaxAuthorityResponse' });

export const processingErrorSchema = z
  .object({
    step: processingStepSchema.describe(
      'The step that gave up: signing, rendering (the PDF), submission (to DIAN) or notification.',
    ),
    code: z.string().describe('The stable code of its last failure, e.g. REBUILD_FAILED.'),
    message: z.string().describe('What happened and what comes next, for a person.'),
    at: z.iso.datetime({ offset: true }).describe('When the service gave up.'),
  })
  .describe(
    "Present while a step of the service gave up on the invoice after its retries; an operator's re-drive clears it.",
  )
  .meta({ id: 'ProcessingError' });

export const documentTypeSchema = z
  .enum(['invoice', 'credit_note', 'debit_note'])
  .describe('What the document is; absent in answers about invoices written before notes existed.')
  .meta({ id: 'DocumentType' });

export const noteSummarySchema = z
  .object({
    document_type: z.enum(['credit_note', 'debit_note']),
    number: z.string().describe("The note's prefix + number, e.g. NC1."),
    cude: cufeSchema.describe("The note's CUDE: GET /status/<cude> answers for it."),
    concept: z.string().describe('Annex table 13.2.4 (credit) or 13.2.5 (debit) code.'),
    amount: z
      .string()
      .regex(/^\d+\.\d{2}$/)
      .describe("The note's payable amount."),
    status: invoiceStatusSchema,
  })
  .meta({ id: 'NoteSummary' });

/** What an answer about a credit or debit note adds (docs/notes.md). */
const noteResultShape = {
  document_type: documentTypeSchema.optional(),
  referenced_invoice: z
    .object({ number: z.string(), cufe: cufeSchema, issue_date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/) })
    .optional()
    .describe('On a note: the invoice it corrects.'),
  concept: z.string().optional().describe('On a note: its concept code (annex table 13.2.4 or 13.2.5).'),
};

const invoiceResultShape = {
  success: z.boolean().describe('True exactly when status is accepted.'),
  cufe: cufeSchema,
  number: z.string().describe('Prefix + consecutive, e.g. SETP990000001.'),
  issued_at: z.iso.datetime({ offset: true }).describe('Issue instant in Colombian time (-05:00).'),
  xml_url: z.url().describe('Signed, expiring link to the signed XML.'),
  pdf_url: z.url().describe('Signed, expiring link to the PDF graphic representation.'),
  status: invoiceStatusSchema,
  tax_authority_response: taxAuthorityResponseSchema,
  error: errorSchema.optional().describe('Present on 422 TAX_AUTHORITY_REJECTED.'),
  processing_error: processingErrorSchema.optional(),
  ...noteResultShape,
};

/** Body of 201 (accepted), 202 (pending) and 422 TAX_AUTHORITY_REJECTED answers of POST /invoice. */
export const createInvoiceResponseSchema = z.object(invoiceResultShape).meta({ id: 'CreateInvoiceResponse' });

export const invoiceStageSchema = z
  .enum(['requested', 'signing_failed', 'signed', 'rendered', 'submission_failed', 'submitted', 'accepted', 'rejected'])
  .describe(
    'Where the invoice is. `signing_failed` and `submission_failed`: that step gave up after its retries (see processing_error); the invoice waits for an operator.',
  )
  .meta({ id: 'InvoiceStage' });

export const statusHistoryEntrySchema = z
  .object({ status: invoiceStatusSchema, stage: invoiceStageSchema, at: z.iso.datetime({ offset: true }) })
  .meta({ id: 'StatusHistoryEntry' });

export const buyerNotificationSchema = z
  .object({
    stage: z
      .enum(['sending', 'sent', 'retrying', 'failed', 'no_address'])
      .describe(
        'sending: handed to the mail server, outcome not yet recorded; sent; retrying: a temporary failure, retried with backoff; failed: final (the address was refused, or the outcome of a send cut by a crash is unknown); no_address: no mail, the buyer has no known address.',
      ),
    at: z.iso.datetime({ offset: true }).describe('When the notification reached this stage.'),
    email: z.email().optional().describe('The address used.'),
    source: notificationAddressSourceSchema
      .optional()
      .describe("Where the address came from: the request's customer.email, DIAN's GetAcquirer, or a resend request."),
    message_id: z.string().optional().describe("The mail's Message-ID."),
    attempt: z.number().int().positive().optional(),
    code: z
      .string()
      .optional()
      .describe("The failure's stable code (MAIL_RECIPIENT_REFUSED, MAIL_OUTCOME_UNKNOWN, …)."),
    reason: z.string().optional().describe('The failure in words, or why there is no address.'),
  })
  .describe(
    'The mail to the buyer (the AttachedDocument and the PDF, docs/notifier.md); absent until the notifier acts on an accepted invoice.',
  )
  .meta({ id: 'BuyerNotification' });

export const buyerAnswerSchema = z
  .enum(['none', 'received', 'goods_received', 'claimed', 'accepted', 'tacitly_accepted'])
  .describe(
    "Where the buyer's answer stands in RADIAN (docs/radian.md): none; received (030, the invoice); goods_received (032); then claimed (031), accepted (033) or tacitly_accepted (034, the seller's sworn statement after three business days without a claim), which are final.",
  )
  .meta({ id: 'BuyerAnswer' });

export const radianEventSummarySchema = z
  .object({
    code: z.enum(['030', '031', '032', '033', '034', '036', '037']),
    name: z.string().describe("The event's name as DIAN lists it."),
    event_id: z.string().describe("The event document's own number."),
    cude: cufeSchema.describe("The event's CUDE."),
    issue_date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
    sender_nit: z.string().describe('Who sent it: the buyer (030–033) or the seller (034, 036, 037).'),
    claim_reason: z.enum(['01', '02', '03', '04']).optional().describe("A claim's (031) reason."),
    person: z
      .object({
        id: z.string(),
        name: z.string().describe('First and family names.'),
        job_title: z.string().optional(),
        department: z.string().optional(),
      })
      .optional()
      .describe('030/032/033: who received the invoice or the goods, or accepted, as the event names them.'),
    issued_by_us: z.boolean().describe("True for the seller's own 034, 036 or 037, sent by this service."),
    registered_at: z.iso.datetime({ offset: true }).optional().describe('When DIAN registered it, if it says.'),
  })
  .meta({ id: 'RadianEventSummary' });

/** What an accepted invoice's status adds about RADIAN (docs/radian.md). */
const radianShape = {
  buyer_answer: buyerAnswerSchema.optional().describe("On an accepted invoice: the buyer's answer in RADIAN."),
  radian_events: z
    .array(radianEventSummarySchema)
    .optional()
    .describe('On an accepted invoice with RADIAN events: each, in the order the service learned them.'),
  tacit_acceptance_available_from: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .optional()
    .describe(
      'With goods received (032) and no claim or acceptance: the first Colombian date the seller may issue its tacit acceptance (034): the day after the third business day after the receipt.',
    ),
  tacit_acceptance_available: z
    .boolean()
    .optional()
    .describe(
      'With tacit_acceptance_available_from: true from that date on. POST /invoice/<cufe>/tacit-acceptance issues it (a tenant set to "automatic" has it issued on its own).',
    ),
};

/** Body of GET /status/<cufe>: the creation body plus the stage and its history. */
export const invoiceStatusResponseSchema = z
  .object({
    ...invoiceResultShape,
    stage: invoiceStageSchema,
    created_at: z.iso.datetime({ offset: true }),
    updated_at: z.iso.datetime({ offset: true }),
    history: z.array(statusHistoryEntrySchema),
    buyer_notification: buyerNotificationSchema.optional(),
    notes: z
      .array(noteSummarySchema)
      .optional()
      .describe('On an invoice with credit or debit notes: each, oldest first.'),
    balance: z
      .string()
      .regex(/^-?\d+\.\d{2}$/)
      .optional()
      .describe(
        'On an accepted invoice with notes: payable amount − credit notes not rejected + debit notes not rejected. Negative when DIAN rejected a debit note a later credit relied on (docs/notes.md).',
      ),
    voided: z
      .boolean()
      .optional()
      .describe('On an invoice: true once a cancellation (credit concept "2") is accepted.'),
    ...radianShape,
  })
  .meta({ id: 'InvoiceStatusResponse' });

export type CreateInvoiceResponse = z.infer<typeof createInvoiceResponseSchema>;
export type InvoiceStatusResponse = z.infer<typeof invoiceStatusResponseSchema>;
export type BuyerNotification = z.infer<typeof buyerNotificationSchema>;
export type InvoiceStage = z.infer<typeof invoiceStageSchema>;
export type InvoiceStatus = z.infer<typeof invoiceStatusSchema>;
export type DocumentType = z.infer<typeof documentTypeSchema>;
export type NoteSummary = z.infer<typeof noteSummarySchema>;
export type BuyerAnswerName = z.infer<typeof buyerAnswerSchema>;
export type RadianEventSummary = z.infer<typeof radianEventSummarySchema>;
