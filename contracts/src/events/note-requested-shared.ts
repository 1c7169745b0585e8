import { z } from 'zod';
import { invoiceLineV1Schema } from '../api/invoice-line.v1.ts';
import {
  allowanceChargeSchema,
  customerSchema,
  invoiceCurrencySchema,
  invoiceLineV2Schema,
  paymentSchema,
} from '../api/invoice-request.ts';
import { noteLineSchema } from '../api/note-request.ts';
import { amountString, buildRulesField } from './shared.ts';

/**
 * The invoice a note corrects, copied when the note was accepted, so the note's build stays a pure function of its
 * own first event and the tenant.
 */
const invoiceIdentityFields = {
  document_id: z
    .string()
    .min(1)
    .describe('prefix + number of the invoice (BillingReference/InvoiceDocumentReference/ID).'),
  cufe: z.string().regex(/^[0-9a-f]{96}$/),
  issue_date: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .describe("The invoice's IssueDate (Colombian date)."),
};

export const referencedInvoiceSchema = z.object({
  invoice_id: z.string().min(1).describe("The referenced invoice's stream (envelope invoice_id)."),
  ...invoiceIdentityFields,
  customer: customerSchema,
  payment: paymentSchema,
});

/** What every note's first event carries beside its request (the numbering mirrors InvoiceRequested.v1's). */
const numberedNoteFields = {
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
};

/** What the note's document carries beside its parties; v1 keeps the lines it was published with. */
const documentNoteFields = (line: typeof noteLineSchema | typeof invoiceLineV2Schema | typeof invoiceLineV1Schema) => ({
  lines: z
    .array(line)
    .min(1)
    .describe("The lines the document carries: the request's, or the invoice's for a full cancellation."),
  allowance_charges: z
    .array(allowanceChargeSchema)
    .optional()
    .describe(
      "The document-level discounts and charges the document carries: the request's, or the invoice's for a full cancellation.",
    ),
});

/** v1: every note corrects an invoice issued here, whose buyer and payment means it copies. */
export const noteRequestedV1Fields = {
  ...numberedNoteFields,
  referenced_invoice: referencedInvoiceSchema,
  ...documentNoteFields(invoiceLineV1Schema),
};

/**
 * v2's reference: the invoice the note names in BillingReference, issued here (`invoice_id` names its stream) or not
 * (no `invoice_id`: its number, CUFE and date are the client's).
 */
export const noteReferenceSchema = z.object({
  invoice_id: z
    .string()
    .min(1)
    .optional()
    .describe("The referenced invoice's stream; absent for an invoice this product did not issue."),
  ...invoiceIdentityFields,
});

/**
 * v2: a note may reference no invoice (CustomizationID 22/32, with `invoice_period`) or one issued elsewhere, so the
 * buyer and payment means are the note's own fields.
 */
export const noteRequestedV2Fields = {
  ...numberedNoteFields,
  referenced_invoice: noteReferenceSchema
    .optional()
    .describe('The invoice corrected; absent for a note without a referenced invoice (then invoice_period).'),
  invoice_period: z
    .object({ start_date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/), end_date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/) })
    .optional()
    .describe('cac:InvoicePeriod of a note without a referenced invoice.'),
  customer: customerSchema.describe("The buyer: the referenced invoice's, or the request's."),
  payment: paymentSchema.describe("The payment means: the referenced invoice's, or the request's."),
  ...documentNoteFields(invoiceLineV2Schema),
};

/**
 * v3: the referenced invoice's currency and rate, which the note is written in (absent: pesos), and
 * today's note line (every tax of table 13.2.2).
 */
export const noteRequestedV3Fields = {
  ...noteRequestedV2Fields,
  ...documentNoteFields(noteLineSchema),
  currency: invoiceCurrencySchema
    .optional()
    .describe("The referenced invoice's currency and rate to COP (its request's `currency`); absent: COP."),
};

export type ReferencedInvoice = z.infer<typeof referencedInvoiceSchema>;
export type NoteReference = z.infer<typeof noteReferenceSchema>;

/** What v1 said, as v2 says it: the reference loses the parties, which become the note's own. */
export function upcastNoteRequestedV1Data<Data extends { referenced_invoice: ReferencedInvoice }>(data: Data) {
  const { referenced_invoice: r, ...rest } = data;
  const { customer, payment, ...reference } = r;
  return { ...rest, referenced_invoice: reference, customer, payment };
}
