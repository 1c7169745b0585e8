import { z } from 'zod';
import {
  allowanceChargeSchema,
  calendarDateSchema,
  customerSchema,
  decimalAmountSchema,
  invoiceLineSchema,
  invoiceLineV2Schema,
  paymentSchema,
  xmlTextSchema,
} from './invoice-request.ts';
import { creditNoteConcepts, debitNoteConcepts } from './note-concepts.ts';

/**
 * A note's line: today's invoice line (every tax of table 13.2.2) without a mandate's principal, which a note's
 * CustomizationID (20/22/30/32) has no operation type to carry (docs/notes.md, "AIU and mandate invoices").
 */
export const noteLineSchema = invoiceLineSchema.omit({ principal: true }).meta({ id: 'NoteLineV3' });
export type NoteLine = z.output<typeof noteLineSchema>;

/**
 * Credit and debit notes (docs/notes.md). A note corrects one accepted invoice of the same tenant, named by its CUFE
 * or by prefix + number (its buyer and payment means are the invoice's); or an invoice this product never issued,
 * as the client gives it; or no invoice at all (annex §10.1–10.2: CustomizationID 22/32, with the period it covers).
 */
export const noteInvoiceReferenceSchema = z
  .object({
    cufe: z
      .string()
      .regex(/^[0-9a-f]{96}$/, 'must be 96 lowercase hex characters')
      .optional()
      .describe("The referenced invoice's CUFE."),
    prefix: z
      .string()
      .regex(/^[A-Za-z0-9]{0,4}$/, 'must be 0–4 letters or digits')
      .optional()
      .describe('With number: the invoice\'s prefix ("" for none).'),
    number: z.number().int().min(0).max(9_999_999_999).optional().describe("With prefix: the invoice's number."),
  })
  .strict()
  .superRefine((ref, ctx) => {
    const byNumber = ref.number !== undefined;
    if ((ref.cufe === undefined) === !byNumber) {
      ctx.addIssue({ code: 'custom', message: 'give either cufe, or prefix and number' });
    }
    if (ref.prefix !== undefined && !byNumber)
      ctx.addIssue({ code: 'custom', path: ['number'], message: 'prefix needs number' });
  })
  .meta({ id: 'NoteInvoiceReference' });

/** An invoice issued before this product or by another provider, as the client gives it (CustomizationID 20/30). */
export const externalInvoiceReferenceSchema = z
  .object({
    number: z
      .string()
      .regex(/^[A-Za-z0-9]{0,4}\d{1,10}$/, 'must be the prefix (0–4 letters or digits) and number, e.g. FE1234')
      .describe("The invoice's cbc:ID, prefix and number together (BillingReference/InvoiceDocumentReference/ID)."),
    cufe: z
      .string()
      .regex(/^[0-9a-f]{96}$/, 'must be 96 lowercase hex characters')
      .describe("The invoice's CUFE: DIAN refuses a note whose invoice it does not know (CBG04/DBG04)."),
    issue_date: calendarDateSchema.describe("The invoice's IssueDate (YYYY-MM-DD)."),
  })
  .strict()
  .meta({ id: 'ExternalInvoiceReference' });

/** The period a note without a referenced invoice covers (cac:InvoicePeriod, required for CustomizationID 22). */
export const noteInvoicePeriodSchema = z
  .object({
    start_date: calendarDateSchema.describe('First day the note covers.'),
    end_date: calendarDateSchema.describe('Last day the note covers; not before start_date.'),
  })
  .strict()
  .refine((p) => p.end_date >= p.start_date, { path: ['end_date'], message: 'must not be before start_date' })
  .meta({ id: 'NoteInvoicePeriod' });

export const noteConceptSchema = <Codes extends Record<string, string>>(codes: Codes, table: string) =>
  z.enum(Object.keys(codes) as [keyof Codes & string, ...(keyof Codes & string)[]]).describe(
    `${table}, as a string: ${Object.entries(codes)
      .map(([code, name]) => `"${code}" ${name}`)
      .join('; ')}.`,
  );

/** What a note says beside its reference and lines (shared with the frozen v1 request, events/note-request.v1.ts). */
export const noteTextFields = {
  description: xmlTextSchema(1, 5000)
    .optional()
    .describe("Why the invoice is corrected (DiscrepancyResponse/Description); omitted: the concept's DIAN name."),
  total: decimalAmountSchema(2, 'total')
    .optional()
    .describe('Declared payable total of the note; checked against the computed one.'),
  notes: xmlTextSchema(0, 5000).optional().describe('Free text, printed as cbc:Note.'),
  allowance_charges: z
    .array(allowanceChargeSchema)
    .max(10)
    .optional()
    .describe(
      "Discounts and charges on the whole note, as on an invoice: after taxes, not changing the tax bases. A cancellation without lines takes the invoice's.",
    ),
};

const noteFields = {
  invoice: noteInvoiceReferenceSchema
    .optional()
    .describe('An invoice of this tenant issued here. Exactly one of invoice, external_invoice, invoice_period.'),
  external_invoice: externalInvoiceReferenceSchema.optional(),
  invoice_period: noteInvoicePeriodSchema
    .optional()
    .describe('A note without a referenced invoice (CustomizationID 22 credit, 32 debit): the period it covers.'),
  customer: customerSchema
    .optional()
    .describe("The buyer, with external_invoice or invoice_period only (otherwise the invoice's)."),
  payment: paymentSchema
    .optional()
    .describe("The payment means, with external_invoice or invoice_period only (otherwise the invoice's)."),
  ...noteTextFields,
};

type NoteReferenceFields = {
  invoice?: unknown;
  external_invoice?: unknown;
  invoice_period?: unknown;
  customer?: unknown;
  payment?: unknown;
  lines?: unknown;
};

/**
 * Exactly one reference; the buyer and payment means come with a reference to no invoice of this product (there is
 * no invoice to copy them from) and only then.
 */
function checkReference(note: NoteReferenceFields, ctx: z.RefinementCtx): void {
  const given = (['invoice', 'external_invoice', 'invoice_period'] as const).filter((f) => note[f] !== undefined);
  if (given.length !== 1)
    ctx.addIssue({
      code: 'custom',
      path: ['invoice'],
      message: 'give exactly one of invoice, external_invoice, invoice_period',
    });
  const own = note.invoice !== undefined;
  for (const field of ['customer', 'payment'] as const) {
    if (own && note[field] !== undefined)
      ctx.addIssue({ code: 'custom', path: [field], message: "not with invoice: the invoice's is used" });
    if (!own && given.length === 1 && note[field] === undefined)
      ctx.addIssue({ code: 'custom', path: [field], message: 'required with external_invoice or invoice_period' });
  }
  if (!own && given.length === 1 && note.lines === undefined)
    ctx.addIssue({ code: 'custom', path: ['lines'], message: 'required: there is no invoice here to copy them from' });
}

/** A credit note request whose lines are `line`: v2's frozen line, or today's note line. */
const creditNoteRequestBodyOf = (line: typeof invoiceLineV2Schema | typeof noteLineSchema) =>
  z
    .object({
      ...noteFields,
      concept: noteConceptSchema(creditNoteConcepts, 'Annex table 13.2.4'),
      lines: z
        .array(line)
        .min(1)
        .max(500)
        .optional()
        .describe(
          'What is credited. Omitted only for a cancellation (concept "2") of an invoice of this product without earlier notes: the invoice\'s lines are credited.',
        ),
    })
    .strict()
    .superRefine(checkReference);

const debitNoteRequestBodyOf = (line: typeof invoiceLineV2Schema | typeof noteLineSchema) =>
  z
    .object({
      ...noteFields,
      concept: noteConceptSchema(debitNoteConcepts, 'Annex table 13.2.5'),
      lines: z.array(line).min(1).max(500).describe('What is debited (added to what the buyer owes).'),
    })
    .strict()
    .superRefine(checkReference);

const creditNoteRequestBody = creditNoteRequestBodyOf(noteLineSchema);
const debitNoteRequestBody = debitNoteRequestBodyOf(noteLineSchema);
// 'CreditNoteRequest' is v1's frozen request (events/note-request.v1.ts), V2 the API's before the note line: the
// API's is V3, as InvoiceRequestV3 is.
export const creditNoteRequestSchema = creditNoteRequestBody.meta({ id: 'CreditNoteRequestV3' });
export const debitNoteRequestSchema = debitNoteRequestBody.meta({ id: 'DebitNoteRequestV3' });

/**
 * The requests as the note events carry them, under ids of their own: v2's, with the v2 line, frozen as
 * CreditNoteRequested.v2 and DebitNoteRequested.v2 published them; v3's, today's. The AsyncAPI document also holds
 * v1's frozen 'CreditNoteRequest' and 'DebitNoteRequest' (events/note-request.v1.ts).
 */
export const creditNoteRequestV2Schema = creditNoteRequestBodyOf(invoiceLineV2Schema).meta({
  id: 'CreditNoteRequest.v2',
});
export const debitNoteRequestV2Schema = debitNoteRequestBodyOf(invoiceLineV2Schema).meta({
  id: 'DebitNoteRequest.v2',
});
export const creditNoteRequestV3Schema = creditNoteRequestBody.meta({ id: 'CreditNoteRequest.v3' });
export const debitNoteRequestV3Schema = debitNoteRequestBody.meta({ id: 'DebitNoteRequest.v3' });

export type CreditNoteRequestInput = z.input<typeof creditNoteRequestSchema>;
export type CreditNoteRequest = z.output<typeof creditNoteRequestSchema>;
export type DebitNoteRequestInput = z.input<typeof debitNoteRequestSchema>;
export type DebitNoteRequest = z.output<typeof debitNoteRequestSchema>;
export type NoteKind = 'credit' | 'debit';
