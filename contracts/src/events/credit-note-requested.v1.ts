import { z } from 'zod';
import { creditNoteRequestV1Schema } from './note-request.v1.ts';
import { envelopeSchema } from './envelope.ts';
import { noteRequestedV1Fields } from './note-requested-shared.ts';

/**
 * Ingress numbered a credit note (type 91) for an accepted invoice: the first event of the note's own stream, which
 * then runs the invoice pipeline.
 */
export const creditNoteRequestedV1Data = z.object({ request: creditNoteRequestV1Schema, ...noteRequestedV1Fields });

export const creditNoteRequestedV1 = envelopeSchema('CreditNoteRequested', 1, creditNoteRequestedV1Data).meta({
  id: 'CreditNoteRequested.v1',
});
export type CreditNoteRequestedV1 = z.infer<typeof creditNoteRequestedV1>;
