/**
 * A tenant's numbering of credit and debit notes (docs/notes.md, "Numbering"): a prefix and a range
 * per kind. Notes have no DIAN numbering resolution (annex 1.9 §10.1: "use your own prefix and
 * consecutive"), but they are numbered like invoices, consecutively and without gaps, each number
 * once, on a stream named after prefix + number: so a note prefix must differ from every invoice
 * prefix of the tenant.
 */
export type NoteSeries = { prefix: string; from: string; to: string };
export type NoteNumbering = { credit: NoteSeries; debit: NoteSeries };

/** What a tenant gets until it configures its own: NC1… and ND1…, up to the 10 digits a number may have. */
export const defaultNoteNumbering: NoteNumbering = {
  credit: { prefix: 'NC', from: '1', to: '9999999999' },
  debit: { prefix: 'ND', from: '1', to: '9999999999' },
};

/** The tenant's configured numbering, or the defaults. */
export function noteNumberingOf(profile: { noteNumbering?: NoteNumbering | undefined }): NoteNumbering {
  return profile.noteNumbering ?? defaultNoteNumbering;
}
