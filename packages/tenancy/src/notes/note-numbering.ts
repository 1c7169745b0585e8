import { TenancyError } from '../errors.ts';

/**
 * A tenant's note numbering (docs/notes.md, "Numbering"): consecutive and gap-free like invoices, on streams
 * named after prefix + number, so a note prefix must differ from every invoice prefix.
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

/**
 * Checks a note numbering on its own and against the invoice prefixes (streams share one namespace);
 * TENANT_INVALID naming the field otherwise.
 */
export function checkNoteNumbering(numbering: NoteNumbering, invoicePrefixes: readonly string[]): void {
  for (const kind of ['credit', 'debit'] as const) {
    const series = numbering[kind];
    const field = `noteNumbering.${kind}`;
    if (!series || !/^[A-Za-z0-9]{1,4}$/.test(series.prefix))
      throw new TenancyError('TENANT_INVALID', `${field}.prefix must be 1–4 letters or digits`);
    if (!/^\d{1,10}$/.test(series.from) || !/^\d{1,10}$/.test(series.to) || BigInt(series.from) > BigInt(series.to)) {
      throw new TenancyError('TENANT_INVALID', `${field}: from and to must be up to 10 digits with from ≤ to`);
    }
    if (invoicePrefixes.includes(series.prefix))
      throw new TenancyError('TENANT_INVALID', `${field}.prefix ${series.prefix} is an invoice prefix`);
  }
  if (numbering.credit.prefix === numbering.debit.prefix)
    throw new TenancyError('TENANT_INVALID', 'noteNumbering: credit and debit notes need different prefixes');
}
