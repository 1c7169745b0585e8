import { buyerAnswer } from '@fe/dian-domain';
import type { InvoiceStatusView } from '@fe/invoice-status';
import { csrfField } from './form.ts';
import { html, type Html } from './html.ts';

/** The buyer's answer in RADIAN, as the invoice page says it (docs/radian.md). */
const buyerAnswerLabels: Record<string, string> = {
  none: 'Sin eventos del comprador',
  received: 'Factura recibida por el comprador (acuse de recibo)',
  goods_received: 'Bienes o servicios recibidos por el comprador',
  claimed: 'Reclamada por el comprador',
  accepted: 'Aceptada expresamente por el comprador',
  tacitly_accepted: 'Aceptada tácitamente',
};

const day = (iso: string) => html`<time datetime="${iso}">${iso.split('-').reverse().join('/')}</time>`;

/**
 * An accepted invoice's RADIAN: the buyer's answer, each event DIAN registered, and, with goods received and no
 * answer, when a tacit acceptance is possible, with the button that issues it (`issue`: the account may, and it is
 * possible today).
 */
export function radianSection(view: InvoiceStatusView, form: { csrf: string; today: string } | undefined): Html {
  const events = view.radianEvents ?? [];
  const answer = buyerAnswer(events.map((e) => ({ code: e.code, issueDate: e.issue_date })));
  const from = answer.tacitAcceptanceFrom;
  const available = from !== undefined && form !== undefined && form.today >= from;
  const tacit = from
    ? html`<p data-tacit-acceptance-from="${from}">${available ? 'La aceptación tácita es posible desde el ' : 'La aceptación tácita será posible desde el '}${day(from)}, si el comprador no reclama ni acepta antes.</p>${
        available
          ? html`<form method="post" action="/admin/invoices/${encodeURIComponent(view.invoiceId)}/tacit-acceptance">${csrfField(form.csrf)}<button type="submit">Emitir la aceptación tácita (evento 034)</button></form>`
          : ''
      }`
    : '';
  return html`<section aria-labelledby="radian-title"><h2 id="radian-title">RADIAN</h2>
<p>Respuesta del comprador: <strong data-buyer-answer="${answer.answer}">${buyerAnswerLabels[answer.answer]}</strong></p>
${tacit}
${titleValue(view, form)}
${
  events.length
    ? html`<table><thead><tr><th>Evento</th><th>Número</th><th>Fecha</th><th>Emisor</th></tr></thead>
<tbody>${events.map(
        (e) => html`<tr data-radian-event="${e.code}">
  <td data-label="Evento">${e.code} · ${e.name}${e.claim_reason ? html` (motivo ${e.claim_reason})` : ''}${
    e.person
      ? html`<br><span data-radian-person>${e.person.name}${e.person.job_title ? `, ${e.person.job_title}` : ''}</span>`
      : ''
  }</td>
  <td data-label="Número">${e.event_id}</td>
  <td data-label="Fecha">${day(e.issue_date)}</td>
  <td data-label="Emisor">${e.issued_by_us ? 'Esta empresa' : e.sender_nit}</td>
</tr>`,
      )}</tbody></table>`
    : ''
}</section>`;
}

/**
 * The título valor: once the buyer accepted (033 or 034) the button that registers it (036); once registered and still
 * held, the form that endorses it to a factor (037); then who holds it.
 */
function titleValue(view: InvoiceStatusView, form: { csrf: string } | undefined): Html {
  const events = view.radianEvents ?? [];
  const has = (code: string) => events.some((e) => e.code === code);
  const action = (path: string) => `/admin/invoices/${encodeURIComponent(view.invoiceId)}/${path}`;
  if (!has('033') && !has('034')) return html``;
  if (!has('036'))
    return form
      ? html`<form method="post" action="${action('title-value')}">${csrfField(form.csrf)}
<label>Valor ya pagado por el comprador (pesos, opcional) <input name="paid_amount" inputmode="decimal" pattern="[0-9]{1,15}([.][0-9]{1,2})?" placeholder="0"></label>
<button type="submit">Inscribir como título valor (evento 036)</button></form>`
      : html``;
  if (has('037')) return html`<p data-title-value="endorsed">Título valor endosado (evento 037).</p>`;
  return html`<p data-title-value="registered">Inscrita como título valor (evento 036).</p>${
    form
      ? html`<form method="post" action="${action('endorsement')}">${csrfField(form.csrf)}
<label>Endosatario (razón social) <input name="endorsee_name" required maxlength="450"></label>
<label>NIT <input name="endorsee_id" required inputmode="numeric" pattern="[0-9]{5,15}"></label>
<label>DV <input name="endorsee_dv" required inputmode="numeric" pattern="[0-9]" maxlength="1"></label>
<label>Tipo de endoso <select name="operation_type"><option value="371">Con responsabilidad</option><option value="372">Sin responsabilidad</option></select></label>
<label>Forma del endoso <select name="kind"><option value="complete">Completo (nombra al endosatario)</option><option value="blank">En blanco</option></select></label>
<label>Valor endosado (pesos) <input name="amount" inputmode="decimal" pattern="[0-9]{1,15}([.][0-9]{1,2})?" placeholder="${view.payableAmount ?? 'el valor a pagar de la factura'}"></label>
<label>Tasa de descuento (%) <input name="discount_rate" required inputmode="decimal" pattern="[0-9]{1,3}([.][0-9]{1,2})?"></label>
<label>Medio de pago del endosatario (código DIAN, opcional) <input name="payment_means" pattern="[A-Z0-9]{1,3}" maxlength="3" placeholder="el de la factura"></label>
<button type="submit">Endosar en propiedad (evento 037)</button></form>`
      : ''
  }`;
}
