import type { NoteNumbering } from '@fe/tenancy';
import { html, type Html } from './html.ts';

/**
 * Settings' read-only view of the credit and debit note numbering in force (docs/notes.md, "Numbering"); the CLI
 * changes it.
 */
export function noteNumberingSection(numbering: NoteNumbering, own: boolean): Html {
  const series = (kind: 'credit' | 'debit') => {
    const { prefix, from, to } = numbering[kind];
    return html`<dd data-note-numbering="${kind}"><code>${prefix}</code> ${from} – ${to}</dd>`;
  };
  return html`<section aria-labelledby="notes-title">
  <h2 id="notes-title">Numeración de notas</h2>
  <dl>
    <dt>Notas crédito</dt>${series('credit')}
    <dt>Notas débito</dt>${series('debit')}
  </dl>
  <p>${own ? 'Numeración propia de la empresa.' : 'Numeración predeterminada.'} Se cambia con <code>pnpm fe tenant note-numbering</code>.</p>
</section>`;
}
