import { z } from 'zod';
import { invoiceLineV1Schema } from '../api/invoice-line.v1.ts';
import { creditNoteConcepts, debitNoteConcepts } from '../api/note-concepts.ts';
import { noteConceptSchema, noteInvoiceReferenceSchema, noteTextFields } from '../api/note-request.ts';

/**
 * The note request as CreditNoteRequested.v1, DebitNoteRequested.v1 and InvoiceNoteReserved.v1 published it: frozen
 * here (their JSON Schemas must not change, docs/events.md "Versioning"; note-requested.v2.unit.test.ts compares
 * them with the published ones); the API's request grew notes on no invoice of this product, which only v2 carries.
 */
const noteFieldsV1 = {
  invoice: noteInvoiceReferenceSchema,
  ...noteTextFields,
};

export const creditNoteRequestV1Schema = z
  .object({
    ...noteFieldsV1,
    concept: noteConceptSchema(creditNoteConcepts, 'Annex table 13.2.4'),
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

export const debitNoteRequestV1Schema = z
  .object({
    ...noteFieldsV1,
    concept: noteConceptSchema(debitNoteConcepts, 'Annex table 13.2.5'),
    lines: z.array(invoiceLineV1Schema).min(1).max(500).describe('What is debited (added to what the buyer owes).'),
  })
  .strict()
  .meta({ id: 'DebitNoteRequest' });

export type CreditNoteRequestV1 = z.output<typeof creditNoteRequestV1Schema>;
export type DebitNoteRequestV1 = z.output<typeof debitNoteRequestV1Schema>;
