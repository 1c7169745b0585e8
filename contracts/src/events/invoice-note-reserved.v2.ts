import { z } from 'zod';
import { creditNoteRequestV3Schema, debitNoteRequestV3Schema, noteLineSchema } from '../api/note-request.ts';
import { envelopeSchema } from './envelope.ts';
import {
  invoiceNoteReservedV1,
  invoiceNoteReservedV1Data,
  type InvoiceNoteReservedV1,
} from './invoice-note-reserved.v1.ts';

/**
 * A note took part of an invoice's balance (docs/notes.md, "Concurrency"). v2: its request and lines take today's note
 * line, so a note carries every tax of table 13.2.2 beside IVA and INC (docs/events.md, "Versioning"), which v1's
 * closed tax enum refuses.
 */
export const invoiceNoteReservedV2Data = invoiceNoteReservedV1Data.extend({
  request: z
    .union([creditNoteRequestV3Schema, debitNoteRequestV3Schema])
    .describe('The request as received; it always names an invoice issued here (`invoice`).'),
  lines: z.array(noteLineSchema).min(1).describe("The lines the note's document carries."),
});

export const invoiceNoteReservedV2 = envelopeSchema('InvoiceNoteReserved', 2, invoiceNoteReservedV2Data).meta({
  id: 'InvoiceNoteReserved.v2',
});
export type InvoiceNoteReservedV2 = z.infer<typeof invoiceNoteReservedV2>;

/** The upcaster: a stored v1's request and lines are already valid v2 ones (v2 only widened the taxes). */
export function upcastInvoiceNoteReservedV1(v1: InvoiceNoteReservedV1): InvoiceNoteReservedV2 {
  return { ...v1, version: 2 };
}

/** A stored or delivered v1, parsed and read as v2: how invoiceEventSchema reads it. */
export const invoiceNoteReservedV1AsV2 = invoiceNoteReservedV1.transform(upcastInvoiceNoteReservedV1);
