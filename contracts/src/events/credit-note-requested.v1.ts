import { z } from 'zod';
import { creditNoteRequestSchema } from '../api/note-request.ts';
import { envelopeSchema } from './envelope.ts';
import { noteRequestedFields } from './note-requested-shared.ts';

/**
 * Ingress accepted a credit note (type 91) for an accepted invoice and numbered it: the first event
 * of the note's own stream. Later events of that stream are the invoice pipeline's (signed,
 * submitted, accepted or rejected, rendered, buyer notified), about the note.
 */
export const creditNoteRequestedV1Data = z.object({ request: creditNoteRequestSchema, ...noteRequestedFields });

export const creditNoteRequestedV1 = envelopeSchema('CreditNoteRequested', 1, creditNoteRequestedV1Data).meta({ id: 'CreditNoteRequested.v1' });
export type CreditNoteRequestedV1 = z.infer<typeof creditNoteRequestedV1>;
