import { z } from 'zod';
import { debitNoteRequestV3Schema } from '../api/note-request.ts';
import { debitNoteRequestedV1 } from './debit-note-requested.v1.ts';
import {
  debitNoteRequestedV2,
  upcastDebitNoteRequestedV1,
  type DebitNoteRequestedV2,
} from './debit-note-requested.v2.ts';
import { envelopeSchema } from './envelope.ts';
import { noteRequestedV3Fields } from './note-requested-shared.ts';

/**
 * Ingress numbered a debit note. v3 (docs/events.md, "Versioning"): the note carries its invoice's currency and rate
 * (docs/notes.md, "Currency"), and today's note line with every tax (docs/notes.md, "Taxes"), which the closed v2
 * refuses; without a currency, as in every v2, the note is in pesos.
 */
export const debitNoteRequestedV3Data = z.object({
  request: debitNoteRequestV3Schema,
  ...noteRequestedV3Fields,
});

export const debitNoteRequestedV3 = envelopeSchema('DebitNoteRequested', 3, debitNoteRequestedV3Data).meta({
  id: 'DebitNoteRequested.v3',
});
export type DebitNoteRequestedV3 = z.infer<typeof debitNoteRequestedV3>;

/** A stored v2 read as v3: only the version changes (a v2 note is in pesos). */
export function upcastDebitNoteRequestedV2(v2: DebitNoteRequestedV2): DebitNoteRequestedV3 {
  return { ...v2, version: 3 };
}

/** The readers inside the events' union: a v2, and a v1 through v2, given as v3. */
export const debitNoteRequestedV2AsV3 = debitNoteRequestedV2.transform(upcastDebitNoteRequestedV2);
export const debitNoteRequestedV1AsV3 = debitNoteRequestedV1.transform((v1) =>
  upcastDebitNoteRequestedV2(upcastDebitNoteRequestedV1(v1)),
);
