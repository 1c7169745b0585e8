import { z } from 'zod';
import { invoiceLineV1Schema } from '../api/invoice-line.v1.ts';
import { allowanceChargeSchema, customerSchema, paymentSchema } from '../api/invoice-request.ts';
import { amountString, buildRulesField } from './shared.ts';

/**
 * The invoice a note corrects, copied when the note was accepted, so the note's build stays a pure function of its
 * own first event and the tenant.
 */
export const referencedInvoiceSchema = z.object({
  invoice_id: z.string().min(1).describe("The referenced invoice's stream (envelope invoice_id)."),
  document_id: z
    .string()
    .min(1)
    .describe('prefix + number of the invoice (BillingReference/InvoiceDocumentReference/ID).'),
  cufe: z.string().regex(/^[0-9a-f]{96}$/),
  issue_date: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .describe("The invoice's IssueDate (Colombian date)."),
  customer: customerSchema,
  payment: paymentSchema,
});

/** What every note's first event carries beside its request (the numbering mirrors InvoiceRequested.v1's). */
export const noteRequestedFields = {
  prefix: z.string(),
  number: z.string().regex(/^\d+$/),
  document_id: z.string().describe("prefix + number, the note's cbc:ID"),
  environment: z.enum(['1', '2']).describe('1 production, 2 habilitación'),
  issued_at: z.iso.datetime({ offset: true }),
  cude: z
    .string()
    .regex(/^[0-9a-f]{96}$/)
    .describe('CUDE-SHA384 (the software PIN in place of the ClTec)'),
  payable_amount: amountString,
  idempotency_key: z.string().optional(),
  build_rules: buildRulesField,
  reservation_id: z
    .uuid()
    .optional()
    .describe('The InvoiceNoteReserved on the invoice\'s stream this note fulfils (docs/notes.md, "Concurrency").'),
  referenced_invoice: referencedInvoiceSchema,
  lines: z
    .array(invoiceLineV1Schema)
    .min(1)
    .describe("The lines the document carries: the request's, or the invoice's for a full cancellation."),
  allowance_charges: z
    .array(allowanceChargeSchema)
    .optional()
    .describe(
      "The document-level discounts and charges the document carries: the request's, or the invoice's for a full cancellation.",
    ),
};

export type ReferencedInvoice = z.infer<typeof referencedInvoiceSchema>;
