import { z } from 'zod';
import { creditNoteRequestV3Schema } from '../api/note-request.ts';
import { creditNoteRequestedV1 } from './credit-note-requested.v1.ts';
import {
  creditNoteRequestedV2,
  upcastCreditNoteRequestedV1,
  type CreditNoteRequestedV2,
} from './credit-note-requested.v2.ts';
import { envelopeSchema } from './envelope.ts';
import { noteRequestedV3Fields } from './note-requested-shared.ts';

/**
 * Ingress numbered a credit note. v3 (docs/events.md, "Versioning"): the note carries its invoice's currency and rate
 * (docs/notes.md, "Currency"), and today's note line with every tax (docs/notes.md, "Taxes"), which the closed v2
 * refuses; without a currency, as in every v2, the note is in pesos.
 */
export const creditNoteRequestedV3Data = z.object({
  request: creditNoteRequestV3Schema,
  ...noteRequestedV3Fields,
});

export const creditNoteRequestedV3 = envelopeSchema('CreditNoteRequested', 3, creditNoteRequestedV3Data).meta({
  id: 'CreditNoteRequested.v3',
});
export type CreditNoteRequestedV3 = z.infer<typeof creditNoteRequestedV3>;

/** A stored v2 read as v3: only the version changes (a v2 note is in pesos). */
export function upcastCreditNoteRequestedV2(v2: CreditNoteRequestedV2): CreditNoteRequestedV3 {
  return { ...v2, version: 3 };
}

/** The readers inside the events' union: a v2, and a v1 through v2, given as v3. */
export const creditNoteRequestedV2AsV3 = creditNoteRequestedV2.transform(upcastCreditNoteRequestedV2);
export const creditNoteRequestedV1AsV3 = creditNoteRequestedV1.transform((v1) =>
  upcastCreditNoteRequestedV2(upcastCreditNoteRequestedV1(v1)),
);
