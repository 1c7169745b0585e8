import { z } from 'zod';
import { debitNoteRequestV2Schema } from '../api/note-request.ts';
import { debitNoteRequestedV1, type DebitNoteRequestedV1 } from './debit-note-requested.v1.ts';
import { envelopeSchema } from './envelope.ts';
import { noteRequestedV2Fields, upcastNoteRequestedV1Data } from './note-requested-shared.ts';

/**
 * Ingress numbered a debit note (type 92, no type code in the XML): the first event of the note's own stream (see
 * CreditNoteRequested.v2); a note without a referenced invoice is CustomizationID 32.
 */
export const debitNoteRequestedV2Data = z.object({
  request: debitNoteRequestV2Schema,
  ...noteRequestedV2Fields,
});

export const debitNoteRequestedV2 = envelopeSchema('DebitNoteRequested', 2, debitNoteRequestedV2Data).meta({
  id: 'DebitNoteRequested.v2',
});
export type DebitNoteRequestedV2 = z.infer<typeof debitNoteRequestedV2>;

/** A stored v1 as a v2 reader reads it (every v1 note corrects an invoice issued here). */
export function upcastDebitNoteRequestedV1(v1: DebitNoteRequestedV1): DebitNoteRequestedV2 {
  return { ...v1, version: 2, data: upcastNoteRequestedV1Data(v1.data) };
}

/** The v1 reader inside the events' union: parses a v1 event and gives it as v2. */
export const debitNoteRequestedV1AsV2 = debitNoteRequestedV1.transform(upcastDebitNoteRequestedV1);
