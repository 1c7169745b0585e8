import type { z } from 'zod';
import { debitNoteRequestedV1 } from './debit-note-requested.v1.ts';
import {
  debitNoteRequestedV2,
  debitNoteRequestedV2Data,
  upcastDebitNoteRequestedV1,
  type DebitNoteRequestedV2,
} from './debit-note-requested.v2.ts';
import { envelopeSchema } from './envelope.ts';
import { noteCurrencyField } from './note-requested-shared.ts';

/**
 * Ingress numbered a debit note. v3 (docs/events.md, "Versioning"): the note carries its invoice's currency and rate
 * (docs/notes.md, "Currency"), which the closed v2 refuses; absent, as in every v2, the note is in pesos.
 */
export const debitNoteRequestedV3Data = debitNoteRequestedV2Data.extend(noteCurrencyField);

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
