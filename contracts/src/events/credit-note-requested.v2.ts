import { z } from 'zod';
import { creditNoteRequestV2Schema } from '../api/note-request.ts';
import { creditNoteRequestedV1, type CreditNoteRequestedV1 } from './credit-note-requested.v1.ts';
import { envelopeSchema } from './envelope.ts';
import { noteRequestedV2Fields, upcastNoteRequestedV1Data } from './note-requested-shared.ts';

/**
 * Ingress numbered a credit note (type 91): the first event of the note's own stream, which then runs the invoice
 * pipeline. v2 (docs/events.md, "Versioning"): the note may reference no invoice (CustomizationID 22) or one another
 * provider issued; v1 events are read through the upcaster.
 */
export const creditNoteRequestedV2Data = z.object({
  request: creditNoteRequestV2Schema,
  ...noteRequestedV2Fields,
});

export const creditNoteRequestedV2 = envelopeSchema('CreditNoteRequested', 2, creditNoteRequestedV2Data).meta({
  id: 'CreditNoteRequested.v2',
});
export type CreditNoteRequestedV2 = z.infer<typeof creditNoteRequestedV2>;

/** A stored v1 as a v2 reader reads it (every v1 note corrects an invoice issued here). */
export function upcastCreditNoteRequestedV1(v1: CreditNoteRequestedV1): CreditNoteRequestedV2 {
  return { ...v1, version: 2, data: upcastNoteRequestedV1Data(v1.data) };
}

/** The v1 reader inside the events' union: parses a v1 event and gives it as v2. */
export const creditNoteRequestedV1AsV2 = creditNoteRequestedV1.transform(upcastCreditNoteRequestedV1);
