import type { InvoiceStatusView } from '@fe/invoice-status';
import type { FastifyInstance } from 'fastify';
import { PortalError } from '../errors.ts';
import { html } from '../html/html.ts';
import type { PortalDeps } from '../portal-deps.ts';
import { requireAccount, sendPage } from './guard.ts';

const statusLabels: Record<string, string> = { pending: 'En proceso', accepted: 'Aceptada', rejected: 'Rechazada' };
const stageLabels: Record<string, string> = {
  requested: 'Recibida', signing_failed: 'Firma detenida', signed: 'Firmada', rendered: 'PDF generado', submission_failed: 'Envío pendiente de reintento',
  submitted: 'Enviada a la DIAN', accepted: 'Aceptada por la DIAN', rejected: 'Rechazada por la DIAN',
};
const pesos = (amount: string | undefined) => (amount === undefined ? '—' : `$ ${Number(amount).toLocaleString('es-CO', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`);
const LIST_LIMIT = 500;

/** The tenant's invoices: a filtered list and one invoice with its XML and PDF; another tenant's invoice is "not found". */
export function invoiceRoutes(scope: FastifyInstance, deps: PortalDeps): void {
  scope.get('/invoices', async (request, reply) => {
    const account = requireAccount(request, reply);
    if (!account) return reply;
    const query = request.query as { status?: unknown; q?: unknown };
    const status = typeof query.status === 'string' && query.status in statusLabels ? query.status : '';
    const q = typeof query.q === 'string' ? query.q.trim().slice(0, 100) : '';
    const needle = q.toLowerCase();
    const views = (await deps.invoices.list(account.tenantId, LIST_LIMIT))
      .filter((v) => v.tenantId === account.tenantId)
      .filter((v) => !status || v.status === status)
      .filter((v) => !needle || v.number.toLowerCase().includes(needle) || (v.buyerName ?? '').toLowerCase().includes(needle));
    const rows = await Promise.all(views.map(async (v) => ({ v, links: await deps.invoices.links(v) })));
    const body = html`<form class="filters card" method="get" action="/admin/invoices" role="search">
  <div class="field"><label for="q">Número o comprador</label><input id="q" name="q" value="${q}"></div>
  <div class="field"><label for="status">Estado</label><select id="status" name="status"><option value="">Todos</option>
    ${Object.entries(statusLabels).map(([value, label]) => html`<option value="${value}"${value === status ? html` selected` : ''}>${label}</option>`)}</select></div>
  <button type="submit">Filtrar</button>
</form>
${rows.length === 0 ? html`<p>No hay facturas${status || q ? ' con esos filtros' : ' todavía'}.</p>` : html`<table>
<thead><tr><th>Número</th><th>Comprador</th><th>Total</th><th>Estado</th><th>Etapa</th><th>Documentos</th></tr></thead>
<tbody>${rows.map(({ v, links }) => html`<tr data-invoice="${v.number}">
  <td data-label="Número"><a href="/admin/invoices/${encodeURIComponent(v.invoiceId)}">${v.number}</a></td>
  <td data-label="Comprador">${v.buyerName ?? '—'}</td>
  <td data-label="Total" class="amount">${pesos(v.payableAmount)}</td>
  <td data-label="Estado" data-status="${v.status}">${statusLabels[v.status] ?? v.status}</td>
  <td data-label="Etapa">${stageLabels[v.stage] ?? v.stage}</td>
  <td data-label="Documentos">${links.xml ? html`<a href="${links.xml}">XML</a>` : ''} ${links.pdf ? html`<a href="${links.pdf}">PDF</a>` : ''}</td>
</tr>`)}</tbody></table>`}`;
    return sendPage(request, reply, { title: 'Facturas', nav: 'invoices', body });
  });

  scope.get('/invoices/:invoiceId', async (request, reply) => {
    const account = requireAccount(request, reply);
    if (!account) return reply;
    const view: InvoiceStatusView | undefined = await deps.invoices.get((request.params as { invoiceId: string }).invoiceId);
    // Another tenant's invoice reads exactly like a missing one.
    if (!view || view.tenantId !== account.tenantId) throw new PortalError('NOT_FOUND');
    const links = await deps.invoices.links(view);
    const body = html`<section><dl>
  <dt>Número</dt><dd>${view.number}</dd>
  <dt>Comprador</dt><dd>${view.buyerName ?? '—'}</dd>
  <dt>Total</dt><dd>${pesos(view.payableAmount)}</dd>
  <dt>Estado</dt><dd data-status="${view.status}">${statusLabels[view.status] ?? view.status}</dd>
  <dt>Etapa</dt><dd>${stageLabels[view.stage] ?? view.stage}</dd>
  <dt>CUFE</dt><dd><code>${view.cufe}</code></dd>
  ${view.taxAuthority ? html`<dt>Respuesta DIAN</dt><dd>${view.taxAuthority.statusMessage}${view.taxAuthority.errors.map((e) => html`<br>${e.rule}: ${e.message}`)}</dd>` : ''}
  <dt>Documentos</dt><dd>${links.xml ? html`<a href="${links.xml}">XML firmado</a>` : 'XML pendiente'} · ${links.pdf ? html`<a href="${links.pdf}">PDF</a>` : 'PDF pendiente'}</dd>
</dl></section><p><a href="/admin/invoices">Volver a la lista</a></p>`;
    return sendPage(request, reply, { title: `Factura ${view.number}`, nav: 'invoices', body });
  });
}
