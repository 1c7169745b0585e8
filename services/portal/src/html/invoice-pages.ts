import { creditNoteConcepts, debitNoteConcepts, type DocumentType } from '@fe/contracts';
import {
  amountOfCents,
  balanceCents,
  processingError,
  type InvoiceStatusView,
  type NoteEntry,
} from '@fe/invoice-status';
import { html, type Html } from './html.ts';
import { csrfField } from './form.ts';
import { radianSection } from './radian-section.ts';

// The invoice list and one document's page (docs/portal.md, "The pages"): pure, so a unit test reads
// what a row or a note says, escaped, without a server.

export type DocumentLinks = { xml?: string; pdf?: string };

const statusLabels: Record<string, string> = { pending: 'En proceso', accepted: 'Aceptada', rejected: 'Rechazada' };
const stageLabels: Record<string, string> = {
  requested: 'Recibida',
  signing_failed: 'Firma detenida',
  signed: 'Firmada',
  rendered: 'PDF generado',
  submission_failed: 'Envío pendiente de reintento',
  submitted: 'Enviada a la DIAN',
  accepted: 'Aceptada por la DIAN',
  rejected: 'Rechazada por la DIAN',
};
/** The document kinds, as the list's filter and its rows name them. */
const kindLabels: Record<DocumentType, string> = {
  invoice: 'Factura',
  credit_note: 'Nota crédito',
  debit_note: 'Nota débito',
};

export const statusFilter = (value: unknown): string =>
  typeof value === 'string' && value in statusLabels ? value : '';
export const kindFilter = (value: unknown): DocumentType | '' =>
  typeof value === 'string' && value in kindLabels ? (value as DocumentType) : '';

/** A view's kind: views folded before notes existed carry none and are invoices. */
export const kindOf = (view: Pick<InvoiceStatusView, 'documentType'>): DocumentType => view.documentType ?? 'invoice';

/** An amount as Colombians write it: "$ 1.234,00" in pesos, "USD 1.234,00" in the document's foreign currency. */
const money = (amount: string | undefined, currency: string | undefined) =>
  amount === undefined
    ? '—'
    : `${currency ?? '$'} ${Number(amount).toLocaleString('es-CO', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
/** The issue date as the XML's IssueDate (issued_at is Colombian time), written day/month/year. */
const issueDate = (view: InvoiceStatusView) => {
  const day = view.issuedAt.slice(0, 10);
  return html`<time datetime="${day}">${day.split('-').reverse().join('/')}</time>`;
};

/** Why a document has no PDF yet: it is drawn after DIAN's verdict, so it waits on every step before. */
function pdfPendingReason(view: InvoiceStatusView): string {
  const halt = view.processingHalt?.step;
  if (halt === 'signing') return 'La firma falló; sin firma no hay PDF. Vea el error de procesamiento.';
  if (halt === 'rendering') return 'La generación del PDF falló. Vea el error de procesamiento.';
  if (view.status === 'pending') {
    if (halt === 'submission')
      return 'El PDF se genera con la respuesta de la DIAN, y el envío falló de forma definitiva.';
    if (view.lastSubmissionFailure)
      return 'El PDF se genera con la respuesta de la DIAN; el envío no pasó y se reintentará.';
    return 'El PDF se genera cuando la DIAN responda, con el resultado de su validación.';
  }
  return 'La DIAN ya respondió; el PDF se está generando.';
}

const pdfLink = (view: InvoiceStatusView, pdf: string | undefined, label: string) =>
  pdf
    ? html`<a href="${pdf}">${label}</a>`
    : html`<span data-pdf-pending>PDF pendiente: ${pdfPendingReason(view)}</span>`;

const detailHref = (invoiceId: string) => `/admin/invoices/${encodeURIComponent(invoiceId)}`;
const conceptLabel = (kind: 'credit' | 'debit', code: string | undefined): string => {
  if (code === undefined) return '—';
  const names: Record<string, string> = kind === 'credit' ? creditNoteConcepts : debitNoteConcepts;
  return names[code] ? `${code} · ${names[code]}` : code;
};
const noteKind = (type: DocumentType): 'credit' | 'debit' => (type === 'debit_note' ? 'debit' : 'credit');
const options = (labels: Record<string, string>, selected: string) =>
  Object.entries(labels).map(
    ([value, label]) => html`<option value="${value}"${value === selected ? html` selected` : ''}>${label}</option>`,
  );

/** The list page: its filters (number or buyer, status, kind) and one row per document. */
export function invoiceListBody(
  rows: readonly { view: InvoiceStatusView; links: DocumentLinks }[],
  filters: { q: string; status: string; kind: string },
): Html {
  const filtered = filters.q || filters.status || filters.kind;
  return html`<form class="filters card" method="get" action="/admin/invoices" role="search">
  <div class="field"><label for="q">Número o comprador</label><input id="q" name="q" value="${filters.q}"></div>
  <div class="field"><label for="status">Estado</label><select id="status" name="status"><option value="">Todos</option>
    ${options(statusLabels, filters.status)}</select></div>
  <div class="field"><label for="kind">Tipo</label><select id="kind" name="kind"><option value="">Todos</option>
    ${options(kindLabels, filters.kind)}</select></div>
  <button type="submit">Filtrar</button>
</form>
${
  rows.length === 0
    ? html`<p>No hay documentos${filtered ? ' con esos filtros' : ' todavía'}.</p>`
    : html`<table>
<thead><tr><th>Número</th><th>Fecha</th><th>Tipo</th><th>Comprador</th><th>Total</th><th>Estado</th><th>Etapa</th><th>Documentos</th></tr></thead>
<tbody>${rows.map(
        ({ view: v, links }) => html`<tr data-invoice="${v.number}" data-kind="${kindOf(v)}">
  <td data-label="Número"><a href="${detailHref(v.invoiceId)}">${v.number}</a></td>
  <td data-label="Fecha" data-issue-date>${issueDate(v)}</td>
  <td data-label="Tipo">${kindLabels[kindOf(v)]}${v.voided ? html` <span data-voided>(Anulada)</span>` : ''}</td>
  <td data-label="Comprador">${v.buyerName ?? '—'}</td>
  <td data-label="Total" class="amount">${money(v.payableAmount, v.currency)}</td>
  <td data-label="Estado" data-status="${v.status}">${statusLabels[v.status] ?? v.status}</td>
  <td data-label="Etapa">${stageLabels[v.stage] ?? v.stage}</td>
  <td data-label="Documentos">${links.xml ? html`<a href="${links.xml}">XML</a>` : ''} ${pdfLink(v, links.pdf, 'PDF')}</td>
</tr>`,
      )}</tbody></table>`
}`;
}

/**
 * One document's page: an invoice with its notes, balance and "Anulada" when voided; a note with its concept and
 * the invoice it corrects.
 */
export function invoiceDetailBody(
  view: InvoiceStatusView,
  links: DocumentLinks,
  redrive?: { csrf: string },
  radian?: { csrf: string; today: string },
): Html {
  const kind = kindOf(view);
  const notes = (view.notes ?? []).filter((n): n is NoteEntry & { number: string } => n.number !== undefined);
  const balance =
    kind === 'invoice' && view.status === 'accepted' && view.payableAmount !== undefined && view.notes?.length
      ? amountOfCents(balanceCents(view.payableAmount, view.notes))
      : undefined;
  return html`<section><dl>
  <dt>Número</dt><dd>${view.number}</dd>
  <dt>Fecha de emisión</dt><dd data-issue-date>${issueDate(view)}</dd>
  <dt>Tipo</dt><dd data-kind="${kind}">${kindLabels[kind]}${view.voided ? html` · <strong data-voided>Anulada</strong>` : ''}</dd>
  ${view.reference ? html`<dt>Corrige la factura</dt><dd data-referenced-invoice>${view.reference.invoiceId ? html`<a href="${detailHref(view.reference.invoiceId)}">${view.reference.number}</a>` : view.reference.number} del ${view.reference.issueDate}</dd>` : ''}
  ${kind !== 'invoice' ? html`<dt>Concepto</dt><dd>${conceptLabel(noteKind(kind), view.concept)}</dd>` : ''}
  <dt>Comprador</dt><dd>${view.buyerName ?? '—'}</dd>
  <dt>Total</dt><dd>${money(view.payableAmount, view.currency)}</dd>
  ${balance !== undefined ? html`<dt>Saldo</dt><dd data-balance="${balance}">${money(balance, view.currency)}</dd>` : ''}
  <dt>Estado</dt><dd data-status="${view.status}">${statusLabels[view.status] ?? view.status}</dd>
  <dt>Etapa</dt><dd>${stageLabels[view.stage] ?? view.stage}</dd>
  <dt>${kind === 'invoice' ? 'CUFE' : 'CUDE'}</dt><dd><code>${view.cufe}</code></dd>
  ${view.taxAuthority ? html`<dt>Respuesta DIAN</dt><dd>${view.taxAuthority.statusMessage}${view.taxAuthority.errors.map((e) => html`<br>${e.rule}: ${e.message}`)}</dd>` : ''}
  ${view.processingHalt ? failedStep(view, redrive) : ''}
  <dt>Documentos</dt><dd>${links.xml ? html`<a href="${links.xml}">XML firmado</a>` : 'XML pendiente'} · ${pdfLink(view, links.pdf, 'PDF')}</dd>
</dl></section>
${
  notes.length
    ? html`<section><h2>Notas</h2><table>
<thead><tr><th>Número</th><th>Tipo</th><th>Concepto</th><th>Valor</th><th>Estado</th></tr></thead>
<tbody>${notes.map(
        (n) => html`<tr data-note="${n.number}">
  <td data-label="Número">${n.noteInvoiceId ? html`<a href="${detailHref(n.noteInvoiceId)}">${n.number}</a>` : n.number}</td>
  <td data-label="Tipo">${kindLabels[n.kind === 'credit' ? 'credit_note' : 'debit_note']}</td>
  <td data-label="Concepto">${conceptLabel(n.kind, n.concept)}</td>
  <td data-label="Valor" class="amount">${money(n.amount, view.currency)}</td>
  <td data-label="Estado" data-status="${n.status}">${statusLabels[n.status] ?? n.status}</td>
</tr>`,
      )}</tbody></table></section>`
    : ''
}
${kind === 'invoice' && view.status === 'accepted' ? radianSection(view, radian) : ''}
<p><a href="/admin/invoices">Volver a la lista</a></p>`;
}

/** A step that failed for good: why, in Spanish, and (for the account that may) the button that re-drives it. */
function failedStep(view: InvoiceStatusView, redrive: { csrf: string } | undefined): Html {
  const error = processingError(view.processingHalt!);
  const form = redrive
    ? html`<form method="post" action="/admin/invoices/${encodeURIComponent(view.invoiceId)}/redrive">${csrfField(redrive.csrf)}<button type="submit">Reintentar (después de corregir la causa)</button></form>`
    : '';
  return html`<dt>Error de procesamiento</dt><dd data-processing-error="${error.code}">${error.message}${form}</dd>`;
}

/** The page's title: "Factura SETP1", "Nota crédito NC1". */
export const documentTitle = (view: InvoiceStatusView): string => `${kindLabels[kindOf(view)]} ${view.number}`;
