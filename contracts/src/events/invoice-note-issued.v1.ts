import { z } from 'zod';
import { envelopeSchema } from './envelope.ts';
import { amountString } from './shared.ts';

/**
 * A reserved note got its number and stream, recorded on the invoice's stream so its ledger names the note without
 * a search (docs/notes.md, "Concurrency"). A repeat is harmless.
 */
export const invoiceNoteIssuedV1Data = z.object({
  reservation_id: z.uuid(),
  kind: z.enum(['credit', 'debit']),
  concept: z.string(),
  amount: amountString,
  document_id: z.string().describe("The note's prefix + number."),
  note_invoice_id: z.string().min(1).describe("The note's own stream (envelope invoice_id of its events)."),
  cude: z.string().regex(/^[0-9a-f]{96}$/),
});

export const invoiceNoteIssuedV1 = envelopeSchema('InvoiceNoteIssued', 1, invoiceNoteIssuedV1Data).meta({
  id: 'InvoiceNoteIssued.v1',
});
export type InvoiceNoteIssuedV1 = z.infer<typeof invoiceNoteIssuedV1>;
