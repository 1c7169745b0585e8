import { isCancellation, withNoteStatus, type InvoiceStatusView, type NoteEntry } from '@fe/invoice-status';
import { nitCheckDigit } from '@fe/dian-domain';
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
import type { PortalRadianAsk } from '../ports/radian-events.ts';
import { notice } from '../html/form.ts';
import { html } from '../html/html.ts';
import { redirectWithFlash, takeFlash } from './flash.ts';
import { requireAccount, sendPage } from './guard.ts';

const LIST_LIMIT = 500;
const paperFormLink = html`<p><a class="button secondary" href="/admin/invoices/paper">Transcribir una factura de papel (contingencia tipo 03)</a></p>`;

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
      body: html`${deps.issue ? paperFormLink : ''}${invoiceListBody(rows, { q, status, kind })}`,
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
    const radian = deps.radianEvents ? { csrf: request.visitor.csrf, today: deps.radianEvents.today() } : undefined;
    const flash = takeFlash(request, reply, deps);
    const detail = invoiceDetailBody(view, await deps.invoices.links(view), redrive, radian);
    const body = flash ? html`${notice('ok', flash)}${detail}` : detail;
    return sendPage(request, reply, { title: documentTitle(view), nav: 'invoices', body });
  });
  redriveRoute(scope, deps);
  radianEventRoutes(scope, deps);
}

const refusals = {
  GOODS_NOT_RECEIVED: 'TACIT_ACCEPTANCE_GOODS_NOT_RECEIVED',
  TOO_EARLY: 'TACIT_ACCEPTANCE_TOO_EARLY',
  BUYER_ANSWERED: 'TACIT_ACCEPTANCE_BUYER_ANSWERED',
  NOT_BUYER_ACCEPTED: 'TITLE_VALUE_NOT_ACCEPTED',
  NOT_A_TITLE: 'TITLE_VALUE_NOT_REGISTERED',
  NOT_HOLDER: 'TITLE_VALUE_NOT_HOLDER',
} as const;

/** A form's optional text field: trimmed, undefined when empty (the invoice's default applies). */
function fieldOf(form: Record<string, unknown>, name: string): string | undefined {
  const value = typeof form[name] === 'string' ? (form[name] as string).trim() : '';
  return value === '' ? undefined : value;
}

/** The form's endorsee (037): who the invoice is endorsed to. */
function endorseeOf(form: Record<string, unknown>): PortalRadianAsk['endorsee'] {
  const text = (name: string) => (typeof form[name] === 'string' ? (form[name] as string).trim() : '');
  const name = text('endorsee_name');
  const id = text('endorsee_id');
  const dv = text('endorsee_dv');
  const personType = text('endorsee_person_type') || '1';
  if (!name || name.length > 450 || !/^[0-9]{5,15}$/.test(id) || !/^[0-9]$/.test(dv) || !/^[12]$/.test(personType))
    throw new PortalError('FORM_INVALID');
  // A NIT whose DV disagrees would make an event DIAN refuses: said here, before anything is signed.
  if (nitCheckDigit(id) !== Number(dv)) throw new PortalError('FORM_INVALID');
  return { name, document_type: '31', id, dv: Number(dv), person_type: personType as '1' | '2' };
}

/**
 * The account issues the seller's RADIAN events of an accepted invoice (CSRF checked by the hook): its tacit acceptance
 * (034), its registration as título valor (036), its endorsement (037).
 */
function radianEventRoutes(scope: FastifyInstance, deps: PortalDeps): void {
  const route = (path: string, ask: (form: Record<string, unknown>) => PortalRadianAsk) =>
    scope.post(`/invoices/:invoiceId/${path}`, async (request, reply) => {
      const account = requireAccount(request, reply);
      if (!account) return reply;
      const invoiceId = (request.params as { invoiceId: string }).invoiceId;
      const found = await deps.invoices.get(invoiceId);
      if (!found || found.tenantId !== account.tenantId || !deps.radianEvents) throw new PortalError('NOT_FOUND');
      const asked = ask((request.body ?? {}) as Record<string, unknown>);
      const result = await deps.radianEvents.request(
        found.invoiceId,
        account.tenantId,
        asked,
        `portal:${account.email}`,
      );
      if (result.invalid)
        throw new PortalError(
          result.invalid === 'TITLE_VALUE_CASH_INVOICE' ? 'TITLE_VALUE_CASH_INVOICE' : 'FORM_INVALID',
        );
      const done = result.answer;
      deps.logger.info(
        { invoice_id: found.invoiceId, account_id: account.id, code: asked.code, outcome: done?.outcome ?? 'pending' },
        'RADIAN event asked',
      );
      const page = `/admin/invoices/${encodeURIComponent(found.invoiceId)}`;
      if (!done) return redirectWithFlash(reply, deps, page, 'radianPending');
      if (done.outcome === 'refused') throw new PortalError(refusals[done.refusal!.code]);
      if (done.outcome === 'not_accepted') throw new PortalError('NOT_FOUND');
      if (done.outcome === 'rejected')
        throw new PortalError(asked.code === '034' ? 'TACIT_ACCEPTANCE_REJECTED' : 'RADIAN_EVENT_REJECTED');
      if (done.outcome === 'unavailable') throw new PortalError('DIAN_UNAVAILABLE');
      return reply.redirect(page, 303);
    });
  route('tacit-acceptance', () => ({ code: '034' }));
  route('title-value', (form) => ({ code: '036', paid_amount: fieldOf(form, 'paid_amount') }));
  route('endorsement', (form) => ({
    code: '037',
    operation_type: form.operation_type === '372' ? '372' : '371',
    endorsement_kind: form.kind === 'blank' ? 'blank' : 'complete',
    endorsee: endorseeOf(form),
    amount: fieldOf(form, 'amount'),
    // Required on the form; an empty one is refused by the terms' check as out of bounds, never taken as 0 %.
    discount_rate: fieldOf(form, 'discount_rate') ?? '',
    payment_means: fieldOf(form, 'payment_means'),
  }));
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
