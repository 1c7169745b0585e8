import { z } from 'zod';
import { allowanceChargeSchema, decimalAmountSchema, xmlTextSchema } from './invoice-request.ts';
import { invoiceLineV1Schema } from './invoice-line.v1.ts';

/**
 * Credit and debit notes (docs/notes.md). A note corrects one accepted invoice of the same tenant,
 * named by its CUFE or by prefix + number; its buyer and payment means are the invoice's.
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

/** Annex 1.9 table 13.2.4 (CreditNote DiscrepancyResponse/ResponseCode). */
export const creditNoteConcepts = {
  '1': 'Devolución parcial de los bienes y/o no aceptación parcial del servicio',
  '2': 'Anulación de factura electrónica',
  '3': 'Rebaja o descuento parcial o total',
  '4': 'Ajuste de precio',
  '5': 'Descuento comercial por pronto pago',
  '6': 'Descuento comercial por volumen de ventas',
} as const;

/** Annex 1.9 table 13.2.5 (DebitNote DiscrepancyResponse/ResponseCode). */
export const debitNoteConcepts = {
  '1': 'Intereses',
  '2': 'Gastos por cobrar',
  '3': 'Cambio del valor',
  '4': 'Otros',
} as const;

const conceptSchema = <Codes extends Record<string, string>>(codes: Codes, table: string) =>
  z.enum(Object.keys(codes) as [keyof Codes & string, ...(keyof Codes & string)[]]).describe(
    `${table}, as a string: ${Object.entries(codes)
      .map(([code, name]) => `"${code}" ${name}`)
      .join('; ')}.`,
  );

const noteFields = {
  invoice: noteInvoiceReferenceSchema,
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

export const creditNoteRequestSchema = z
  .object({
    ...noteFields,
    concept: conceptSchema(creditNoteConcepts, 'Annex table 13.2.4'),
    lines: z
      .array(invoiceLineV1Schema)
      .min(1)
      .max(500)
      .optional()
      .describe(
        'What is credited. Omitted only for a cancellation (concept "2") of an invoice without earlier notes: the invoice\'s lines are credited.',
      ),
  })
  .strict()
  .meta({ id: 'CreditNoteRequest' });

export const debitNoteRequestSchema = z
  .object({
    ...noteFields,
    concept: conceptSchema(debitNoteConcepts, 'Annex table 13.2.5'),
    lines: z.array(invoiceLineV1Schema).min(1).max(500).describe('What is debited (added to what the buyer owes).'),
  })
  .strict()
  .meta({ id: 'DebitNoteRequest' });

export type CreditNoteRequestInput = z.input<typeof creditNoteRequestSchema>;
export type CreditNoteRequest = z.output<typeof creditNoteRequestSchema>;
export type DebitNoteRequestInput = z.input<typeof debitNoteRequestSchema>;
export type DebitNoteRequest = z.output<typeof debitNoteRequestSchema>;
export type NoteKind = 'credit' | 'debit';
