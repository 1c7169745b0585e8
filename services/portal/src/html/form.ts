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

/** A labelled input with its error right beside it (aria-invalid, aria-describedby), value escaped. */
export function field(o: FieldOptions): Html {
  const error = o.errors[o.name];
  const id = `f-${o.name.replace(/[^a-zA-Z0-9_-]/g, '-')}`;
  return html`<div class="field${error ? ' has-error' : ''}">
  <label for="${id}">${o.label}</label>
  <input id="${id}" name="${o.name}" type="${o.type ?? 'text'}"${o.type === 'password' || o.type === 'file' ? '' : html` value="${o.value ?? ''}"`}${o.required === false ? '' : html` required`}${o.autocomplete ? html` autocomplete="${o.autocomplete}"` : ''}${o.inputmode ? html` inputmode="${o.inputmode}"` : ''}${o.accept ? html` accept="${o.accept}"` : ''}${error ? html` aria-invalid="true" aria-describedby="${id}-error"` : ''}>
  ${o.hint ? html`<small>${o.hint}</small>` : ''}
  ${error ? html`<p class="error" id="${id}-error" data-field-error="${o.name}">${error}</p>` : ''}
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
  const id = `f-${o.name.replace(/[^a-zA-Z0-9_-]/g, '-')}`;
  return html`<div class="field${error ? ' has-error' : ''}">
  <label for="${id}">${o.label}</label>
  <select id="${id}" name="${o.name}"${error ? html` aria-invalid="true" aria-describedby="${id}-error"` : ''}>
    <option value="">Elija…</option>
    ${o.options.map((opt) => html`<option value="${opt.value}"${opt.value === o.value ? html` selected` : ''}>${opt.label}</option>`)}
  </select>
  ${error ? html`<p class="error" id="${id}-error" data-field-error="${o.name}">${error}</p>` : ''}
</div>`;
}

export const csrfField = (token: string): Html => html`<input type="hidden" name="csrf" value="${token}">`;

/** A notice above a form: a refusal (with its code for tests and support) or a success. */
export function notice(kind: 'error' | 'ok', text: string, code?: string): Html {
  return html`<p class="notice ${kind}" role="${kind === 'error' ? 'alert' : 'status'}"${code ? html` data-error-code="${code}"` : ''}>${text}</p>`;
}
