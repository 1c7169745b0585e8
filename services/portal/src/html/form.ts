import { html, type Html } from './html.ts';

export type FieldErrors = Readonly<Record<string, string>>;

type FieldOptions = {
  name: string;
  label: string;
  value?: string | undefined;
  type?: 'text' | 'email' | 'password' | 'date' | 'number' | 'file';
  errors: FieldErrors;
  hint?: string;
  required?: boolean;
  autocomplete?: string;
  inputmode?: 'numeric';
  accept?: string;
};

/** The id of a field's control: what its label, its error and the error summary's link point at. */
const fieldId = (name: string): string => `f-${name.replace(/[^a-zA-Z0-9_-]/g, '-')}`;

/** aria-describedby for a control: its hint, then its error, whichever it has. */
const describedBy = (id: string, hint: boolean, error: boolean): Html => {
  const ids = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return ids ? html` aria-describedby="${ids}"` : html``;
};

const errorText = (id: string, name: string, error: string | undefined): Html =>
  error ? html`<p class="error" id="${id}-error" data-field-error="${name}">${error}</p>` : html``;

/** A labelled input with its hint and error tied to it (aria-describedby, aria-invalid), value escaped. */
export function field(o: FieldOptions): Html {
  const error = o.errors[o.name];
  const id = fieldId(o.name);
  return html`<div class="field${error ? ' has-error' : ''}">
  <label for="${id}">${o.label}</label>
  <input id="${id}" name="${o.name}" type="${o.type ?? 'text'}"${o.type === 'password' || o.type === 'file' ? '' : html` value="${o.value ?? ''}"`}${o.required === false ? '' : html` required`}${o.autocomplete ? html` autocomplete="${o.autocomplete}"` : ''}${o.inputmode ? html` inputmode="${o.inputmode}"` : ''}${o.accept ? html` accept="${o.accept}"` : ''}${error ? html` aria-invalid="true"` : ''}${describedBy(id, Boolean(o.hint), Boolean(error))}>
  ${o.hint ? html`<small id="${id}-hint">${o.hint}</small>` : ''}
  ${errorText(id, o.name, error)}
</div>`;
}

export function select(o: {
  name: string;
  label: string;
  value?: string | undefined;
  options: readonly { value: string; label: string }[];
  errors: FieldErrors;
}): Html {
  const error = o.errors[o.name];
  const id = fieldId(o.name);
  return html`<div class="field${error ? ' has-error' : ''}">
  <label for="${id}">${o.label}</label>
  <select id="${id}" name="${o.name}" required${error ? html` aria-invalid="true"` : ''}${describedBy(id, false, Boolean(error))}>
    <option value="">Elija…</option>
    ${o.options.map((opt) => html`<option value="${opt.value}"${opt.value === o.value ? html` selected` : ''}>${opt.label}</option>`)}
  </select>
  ${errorText(id, o.name, error)}
</div>`;
}

/**
 * Checkboxes in a fieldset whose legend names them; the error is tied to the group and to each box, and the first
 * box carries the field's id, where the error summary's link leads.
 */
export function checkboxes(o: {
  name: string;
  legend: string;
  checked: readonly string[];
  options: readonly { value: string; label: string }[];
  errors: FieldErrors;
}): Html {
  const error = o.errors[o.name];
  const id = fieldId(o.name);
  const tie = describedBy(id, false, Boolean(error));
  return html`<fieldset class="field${error ? ' has-error' : ''}"${tie}><legend>${o.legend}</legend>
    ${o.options.map((opt, i) => html`<label><input type="checkbox" name="${o.name}" value="${opt.value}"${i === 0 ? html` id="${id}"` : ''}${o.checked.includes(opt.value) ? html` checked` : ''}${error ? html` aria-invalid="true"` : ''}${tie}> ${opt.label}</label>`)}
    ${errorText(id, o.name, error)}
  </fieldset>`;
}

export const csrfField = (token: string): Html => html`<input type="hidden" name="csrf" value="${token}">`;

/**
 * A success above a form, in a status region. A refusal is an error summary instead: portal.js moves focus to it
 * when the page loads, so a screen reader reads it whole, and it links each field at fault by its label.
 */
export function notice(
  kind: 'error' | 'ok',
  text: string,
  code?: string,
  fields?: { errors: FieldErrors; labels: Readonly<Record<string, string>> },
): Html {
  if (kind === 'ok') return html`<p class="notice ok" role="status">${text}</p>`;
  const order = Object.keys(fields?.labels ?? {});
  const place = (name: string) => (order.includes(name) ? order.indexOf(name) : order.length);
  const wrong = Object.entries(fields?.errors ?? {}).sort(([a], [b]) => place(a) - place(b)); // in the form's order
  return html`<div class="notice error" id="error-summary" tabindex="-1" data-error-summary${code ? html` data-error-code="${code}"` : ''}>
  <p>${text}</p>
  ${wrong.length ? html`<ul>${wrong.map(([name, message]) => html`<li><a href="#${fieldId(name)}">${fields?.labels[name] ?? name}</a>: ${message}</li>`)}</ul>` : ''}
</div>`;
}
