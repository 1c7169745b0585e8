import { z } from 'zod';
import { debitNoteRequestV1Schema } from './note-request.v1.ts';
import { envelopeSchema } from './envelope.ts';
import { noteRequestedV1Fields } from './note-requested-shared.ts';

/**
 * Ingress accepted a debit note (type 92, no type code in the XML) for an accepted invoice and
 * numbered it: the first event of the note's own stream (see CreditNoteRequested.v1).
 */
export const debitNoteRequestedV1Data = z.object({ request: debitNoteRequestV1Schema, ...noteRequestedV1Fields });

export const debitNoteRequestedV1 = envelopeSchema('DebitNoteRequested', 1, debitNoteRequestedV1Data).meta({
  id: 'DebitNoteRequested.v1',
});
export type DebitNoteRequestedV1 = z.infer<typeof debitNoteRequestedV1>;
