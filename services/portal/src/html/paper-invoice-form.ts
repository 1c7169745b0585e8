import {
  documentTypes,
  lineLabel,
  MAX_PAPER_LINES,
  paperLabels,
  paymentMethods,
  taxChoices,
  type PaperForm,
  type PaperLine,
} from '../pages/paper-invoice-fields.ts';
import { csrfField, field, notice, select, type FieldErrors } from './form.ts';
import { html, type Html } from './html.ts';

const BLANK_LINE: PaperLine = { code: '', name: '', quantity: '', unit_price: '', tax: 'none' };

/** One line's fieldset; the first line's fields are required, a blank later one is no line. */
function lineRow(line: PaperLine, index: number, errors: FieldErrors): Html {
  const input = (part: 'code' | 'name' | 'quantity' | 'unit_price', label: string, inputmode?: 'numeric') =>
    field({
      name: `lines.${index}.${part}`,
      label,
      value: line[part],
      errors,
      required: index === 0,
      ...(inputmode ? { inputmode } : {}),
    });
  return html`<fieldset class="paper-line" data-line="${String(index)}"><legend>Línea ${String(index + 1)}</legend>
    ${input('code', 'Código')}${input('name', 'Descripción')}${input('quantity', 'Cantidad', 'numeric')}${input('unit_price', 'Precio unitario (pesos)', 'numeric')}
    ${select({ name: `lines.${index}.tax`, label: 'Impuesto', value: line.tax, options: taxChoices, errors })}
    <button type="button" class="secondary" data-remove-line>Quitar la línea ${String(index + 1)}</button>
  </fieldset>`;
}

/**
 * The form of a sale documented on paper (docs/contingency.md, "A sale documented on paper"): the paper's number and
 * date, the buyer, the lines with their tax, the payment; issued as a type-03 invoice through the API.
 */
export function paperInvoiceForm(
  form: PaperForm,
  options: { csrf: string; errors: FieldErrors; refusal?: { code: string; sentence: string } },
): Html {
  const { errors } = options;
  const v = form.values;
  const lines = form.lines.length ? form.lines : [BLANK_LINE, BLANK_LINE, BLANK_LINE];
  const labels: Record<string, string> = { ...paperLabels };
  lines.forEach((_, i) => {
    for (const part of ['code', 'name', 'quantity', 'unit_price', 'tax'] as const)
      labels[`lines.${i}.${part}`] = lineLabel(part, i);
  });
  const text = (name: string, options: { type?: 'date' | 'email'; required?: boolean; hint?: string } = {}) =>
    field({ name, label: paperLabels[name]!, value: v[name], errors, ...options });
  return html`${options.refusal ? notice('error', options.refusal.sentence, options.refusal.code, { errors, labels }) : ''}
<p>Cuando sus sistemas no funcionaron y la venta quedó en una factura de papel, transcríbala aquí: se emite como factura de contingencia tipo 03 con su propia numeración electrónica y menciona la de papel.</p>
<form class="card" method="post" action="/admin/invoices/paper" novalidate data-paper-invoice>${csrfField(options.csrf)}
  <input type="hidden" name="form_id" value="${form.formId}">
  <fieldset><legend>La factura de papel</legend>
    ${text('paper_document.number', { hint: 'Como está impreso, por ejemplo TAL-000417.' })}
    ${text('paper_document.issue_date', { type: 'date' })}
  </fieldset>
  <fieldset><legend>El comprador</legend>
    ${select({ name: 'customer.document_type', label: paperLabels['customer.document_type']!, value: v['customer.document_type'], options: documentTypes, errors })}
    ${text('customer.document_number')}
    ${text('customer.check_digit', { required: false })}
    ${text('customer.name')}
    ${text('customer.email', { type: 'email', required: false })}
  </fieldset>
  <div data-lines data-max-lines="${String(MAX_PAPER_LINES)}">
    ${lines.map((line, i) => lineRow(line, i, errors))}
  </div>
  <button type="button" class="secondary" data-add-line>Agregar una línea</button>
  <fieldset><legend>El pago</legend>
    ${select({ name: 'payment.method_code', label: paperLabels['payment.method_code']!, value: v['payment.method_code'], options: paymentMethods, errors })}
    ${text('payment.due_date', { type: 'date', required: false, hint: 'Vacía: de contado.' })}
  </fieldset>
  <button type="submit">Emitir la factura de contingencia (tipo 03)</button>
</form>`;
}
