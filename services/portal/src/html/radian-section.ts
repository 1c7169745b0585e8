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
${
  events.length
    ? html`<table><thead><tr><th>Evento</th><th>Número</th><th>Fecha</th><th>Emisor</th></tr></thead>
<tbody>${events.map(
        (e) => html`<tr data-radian-event="${e.code}">
  <td data-label="Evento">${e.code} · ${e.name}${e.claim_reason ? html` (motivo ${e.claim_reason})` : ''}</td>
  <td data-label="Número">${e.event_id}</td>
  <td data-label="Fecha">${day(e.issue_date)}</td>
  <td data-label="Emisor">${e.issued_by_us ? 'Esta empresa' : e.sender_nit}</td>
</tr>`,
      )}</tbody></table>`
    : ''
}</section>`;
}
