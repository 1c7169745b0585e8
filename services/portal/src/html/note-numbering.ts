import type { NoteNumbering } from '@fe/tenancy';
import { csrfField, field, type FieldErrors } from './form.ts';
import { html, type Html } from './html.ts';

/** The form's field names, `creditPrefix` … `debitTo`, for each series' prefix and range. */
export const noteFieldName = (kind: 'credit' | 'debit', part: 'prefix' | 'from' | 'to'): string =>
  `${kind}${part[0]!.toUpperCase()}${part.slice(1)}`;

/**
 * Settings' credit and debit note numbering (docs/notes.md, "Numbering"), edited in place: the series in force, or
 * what was typed with each error beside its field.
 */
export function noteNumberingSection(
  numbering: NoteNumbering,
  own: boolean,
  form: { csrf: string; errors: FieldErrors },
): Html {
  const series = (kind: 'credit' | 'debit', legend: string) => {
    const { prefix, from, to } = numbering[kind];
    const input = (part: 'prefix' | 'from' | 'to', label: string, value: string) =>
      field({
        name: noteFieldName(kind, part),
        label,
        value,
        errors: form.errors,
        ...(part === 'prefix' ? {} : { inputmode: 'numeric' as const }),
      });
    return html`<fieldset data-note-numbering="${kind}"><legend>${legend}</legend>
    ${input('prefix', 'Prefijo', prefix)}${input('from', 'Desde (número)', from)}${input('to', 'Hasta (número)', to)}
  </fieldset>`;
  };
  return html`<section aria-labelledby="notes-title">
  <h2 id="notes-title">Numeración de notas</h2>
  <p>${own ? 'Numeración propia de la empresa.' : 'Numeración predeterminada.'} Cada nota toma el siguiente número de su serie; el prefijo no puede ser el de una resolución de facturas.</p>
  <form class="card" method="post" action="/admin/settings/note-numbering" novalidate>${csrfField(form.csrf)}
    ${series('credit', 'Notas crédito')}
    ${series('debit', 'Notas débito')}
    <button type="submit" class="secondary">Guardar la numeración de notas</button>
  </form>
</section>`;
}
