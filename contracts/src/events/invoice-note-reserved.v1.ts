import { z } from 'zod';
import { allowanceChargeSchema, invoiceLineSchema } from '../api/invoice-request.ts';
import { creditNoteRequestV1Schema, debitNoteRequestV1Schema } from './note-request.v1.ts';
import { envelopeSchema } from './envelope.ts';
import { amountString } from './shared.ts';

/**
 * A note took part of an invoice's balance, appended to the invoice's stream at the version read, so two notes
 * cannot spend the same balance (docs/notes.md); it carries enough for anyone to finish a note whose ingress died.
 */
export const invoiceNoteReservedV1Data = z.object({
  reservation_id: z.uuid().describe('Names the note to be: its CreditNoteRequested/DebitNoteRequested carries it.'),
  kind: z.enum(['credit', 'debit']),
  concept: z.string().describe('Annex table 13.2.4 (credit) or 13.2.5 (debit) code.'),
  amount: amountString.describe("The note's payable amount, as its XML carries it."),
  issued_at: z.iso
    .datetime({ offset: true })
    .describe("The note's issue instant, fixed here so a finished note is the same whoever finishes it."),
  request: z.union([creditNoteRequestV1Schema, debitNoteRequestV1Schema]),
  lines: z.array(invoiceLineSchema).min(1).describe("The lines the note's document carries."),
  allowance_charges: z
    .array(allowanceChargeSchema)
    .optional()
    .describe("The document-level discounts and charges the note's document carries."),
  numbered_after: z
    .string()
    .regex(/^\d+$/)
    .describe(
      'A note number at or below the first free one of the note prefix when reserved: numbering searches from the next one.',
    ),
  idempotency_key: z.string().optional(),
});

export const invoiceNoteReservedV1 = envelopeSchema('InvoiceNoteReserved', 1, invoiceNoteReservedV1Data).meta({
  id: 'InvoiceNoteReserved.v1',
});
export type InvoiceNoteReservedV1 = z.infer<typeof invoiceNoteReservedV1>;
