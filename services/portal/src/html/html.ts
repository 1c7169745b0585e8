/**
 * HTML from tagged templates: every value is escaped unless it is already `Html`, so a company named `<script>` is
 * shown, never run.
 */
export class Html {
  readonly text: string;
  constructor(text: string) {
    this.text = text;
  }
  toString(): string {
    return this.text;
  }
}

type Value = Html | string | number | boolean | undefined | null | readonly Value[];

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

function render(value: Value): string {
  if (value === undefined || value === null || value === false) return '';
  if (value instanceof Html) return value.text;
  if (Array.isArray(value)) return value.map((v: Value) => render(v)).join('');
  return escapeHtml(String(value));
}

export function html(strings: TemplateStringsArray, ...values: Value[]): Html {
  return new Html(strings.reduce((out, part, i) => out + part + (i < values.length ? render(values[i]!) : ''), ''));
}

/** Markup the code wrote itself (never a typed value). */
export const raw = (text: string): Html => new Html(text);
