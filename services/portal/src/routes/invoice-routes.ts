import { isCancellation, withNoteStatus, type InvoiceStatusView, type NoteEntry } from '@fe/invoice-status';
import type { FastifyInstance } from 'fastify';
import { PortalError } from '../errors.ts';
import {
  documentTitle,
  invoiceDetailBody,
  invoiceListBody,
  kindFilter,
  kindOf,
  statusFilter,
} from '../html/invoice-pages.ts';
import type { PortalDeps } from '../portal-deps.ts';
import { requireAccount, sendPage } from './guard.ts';

const LIST_LIMIT = 500;

/** The tenant's invoices and notes, list and page; another tenant's document is "not found". */
export function invoiceRoutes(scope: FastifyInstance, deps: PortalDeps): void {
  scope.get('/invoices', async (request, reply) => {
    const account = requireAccount(request, reply);
    if (!account) return reply;
    const query = request.query as { status?: unknown; q?: unknown; kind?: unknown };
    const status = statusFilter(query.status);
    const kind = kindFilter(query.kind);
    const q = typeof query.q === 'string' ? query.q.trim().slice(0, 100) : '';
    const needle = q.toLowerCase();
    const views = (await deps.invoices.list(account.tenantId, LIST_LIMIT))
      .filter((v) => v.tenantId === account.tenantId)
      .filter((v) => !status || v.status === status)
      .filter((v) => !kind || kindOf(v) === kind)
      .filter(
        (v) => !needle || v.number.toLowerCase().includes(needle) || (v.buyerName ?? '').toLowerCase().includes(needle),
      );
    // "Anulada" in a row: only a cancellation's own status can void an invoice, so only those are read.
    const rows = await Promise.all(
      views.map(async (v) => {
        const view = await withNoteStatuses(deps, account.tenantId, v, isCancellation);
        return { view, links: await deps.invoices.links(view) };
      }),
    );
    return sendPage(request, reply, {
      title: 'Facturas',
      nav: 'invoices',
      body: invoiceListBody(rows, { q, status, kind }),
    });
  });

  scope.get('/invoices/:invoiceId', async (request, reply) => {
    const account = requireAccount(request, reply);
    if (!account) return reply;
    const found = await deps.invoices.get((request.params as { invoiceId: string }).invoiceId);
    // Another tenant's invoice reads exactly like a missing one.
    if (!found || found.tenantId !== account.tenantId) throw new PortalError('NOT_FOUND');
    const view = await withNoteStatuses(deps, account.tenantId, found, () => true);
    const redrive = deps.redrive && view.processingHalt ? { csrf: request.visitor.csrf } : undefined;
    const radian = deps.tacitAcceptances
      ? { csrf: request.visitor.csrf, today: deps.tacitAcceptances.today() }
      : undefined;
    const body = invoiceDetailBody(view, await deps.invoices.links(view), redrive, radian);
    return sendPage(request, reply, { title: documentTitle(view), nav: 'invoices', body });
  });
  redriveRoute(scope, deps);
  tacitAcceptanceRoute(scope, deps);
}

const tacitRefusals = {
  GOODS_NOT_RECEIVED: 'TACIT_ACCEPTANCE_GOODS_NOT_RECEIVED',
  TOO_EARLY: 'TACIT_ACCEPTANCE_TOO_EARLY',
  BUYER_ANSWERED: 'TACIT_ACCEPTANCE_BUYER_ANSWERED',
} as const;

/** The account issues the seller's tacit acceptance (RADIAN 034) of an accepted invoice (CSRF checked by the hook). */
function tacitAcceptanceRoute(scope: FastifyInstance, deps: PortalDeps): void {
  scope.post('/invoices/:invoiceId/tacit-acceptance', async (request, reply) => {
    const account = requireAccount(request, reply);
    if (!account) return reply;
    const invoiceId = (request.params as { invoiceId: string }).invoiceId;
    const found = await deps.invoices.get(invoiceId);
    if (!found || found.tenantId !== account.tenantId || !deps.tacitAcceptances) throw new PortalError('NOT_FOUND');
    const done = await deps.tacitAcceptances.request(found.invoiceId, account.tenantId);
    if (done.kind === 'refused') throw new PortalError(tacitRefusals[done.refusal.code]);
    if (done.kind === 'not-accepted') throw new PortalError('NOT_FOUND');
    if (done.kind === 'rejected') throw new PortalError('TACIT_ACCEPTANCE_REJECTED');
    if (done.kind === 'unavailable') throw new PortalError('DIAN_UNAVAILABLE');
    deps.logger.info({ invoice_id: found.invoiceId, account_id: account.id, outcome: done.kind }, 'tacit acceptance');
    return reply.redirect(`/admin/invoices/${encodeURIComponent(found.invoiceId)}`, 303);
  });
}

/** The account (its tenant's administrator) re-drives a failed step; history records who (CSRF checked by the hook). */
function redriveRoute(scope: FastifyInstance, deps: PortalDeps): void {
  scope.post('/invoices/:invoiceId/redrive', async (request, reply) => {
    const account = requireAccount(request, reply);
    if (!account) return reply;
    const invoiceId = (request.params as { invoiceId: string }).invoiceId;
    const found = await deps.invoices.get(invoiceId);
    if (!found || found.tenantId !== account.tenantId || !deps.redrive) throw new PortalError('NOT_FOUND');
    const done = await deps.redrive(found.invoiceId, `portal:${account.email}`);
    if (!done.ok) throw new PortalError(done.code);
    deps.logger.info({ invoice_id: found.invoiceId, step: done.step, account_id: account.id }, 'invoice re-driven');
    return reply.redirect(`/admin/invoices/${encodeURIComponent(found.invoiceId)}`, 303);
  });
}

/**
 * The invoice's view with its notes' statuses, each read from the note's own view, since the invoice's row is not
 * written by its notes' verdicts (docs/notes.md, "Status").
 */
async function withNoteStatuses(
  deps: PortalDeps,
  tenantId: string,
  invoice: InvoiceStatusView,
  which: (note: NoteEntry) => boolean,
): Promise<InvoiceStatusView> {
  let view = invoice;
  for (const note of (invoice.notes ?? []).filter(which)) {
    const noteView = note.noteInvoiceId ? await deps.invoices.get(note.noteInvoiceId) : undefined;
    if (noteView && noteView.tenantId === tenantId) view = withNoteStatus(view, noteView);
  }
  return view;
}
