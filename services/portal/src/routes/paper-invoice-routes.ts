import { randomUUID } from 'node:crypto';
import { colombiaDateTime } from '@fe/dian-domain';
import { invoiceStreamName } from '@fe/platform';
import type { FastifyInstance } from 'fastify';
import { PortalError } from '../errors.ts';
import { paperInvoiceForm } from '../html/paper-invoice-form.ts';
import {
  MAX_PAPER_LINES,
  paperInvoiceRequest,
  paperRefusal,
  readPaperForm,
  type PaperForm,
} from '../pages/paper-invoice-fields.ts';
import type { PortalDeps } from '../portal-deps.ts';
import { redirectWithFlash } from './flash.ts';
import { requireAccount, sendPage } from './guard.ts';

const TITLE = 'Factura de contingencia desde papel';

/**
 * The type-03 form (docs/contingency.md, "A sale documented on paper"): what was typed goes to the API as any
 * integrator's request would (the tenant's key, an Idempotency-Key per form shown, so a second click issues nothing
 * twice); a refusal comes back beside its fields, an issued invoice opens its page.
 */
export function paperInvoiceRoutes(scope: FastifyInstance, deps: PortalDeps): void {
  const issue = deps.issue;
  if (!issue) return;
  scope.get('/invoices/paper', async (request, reply) => {
    const account = requireAccount(request, reply);
    if (!account) return reply;
    const today = colombiaDateTime(deps.clock.now()).date;
    const form: PaperForm = {
      formId: randomUUID(),
      values: { 'paper_document.issue_date': today, 'customer.document_type': '13', 'payment.method_code': '10' },
      lines: [],
    };
    const body = paperInvoiceForm(form, { csrf: request.visitor.csrf, errors: {} });
    return sendPage(request, reply, { title: TITLE, nav: 'invoices', body });
  });

  scope.post('/invoices/paper', async (request, reply) => {
    const account = requireAccount(request, reply);
    if (!account) return reply;
    const form = readPaperForm((request.body ?? {}) as Record<string, unknown>, randomUUID());
    if (form.lines.length > MAX_PAPER_LINES) throw new PortalError('FORM_INVALID');
    const apiKey = await deps.registry.displayApiKey(account.tenantId);
    const answer = apiKey
      ? await issue(apiKey, paperInvoiceRequest(form), `fe-portal-paper:${form.formId}`)
      : { status: 401, body: { error: { code: 'UNAUTHORIZED' as const, message: '', details: [] } } };
    const { cufe, number } = answer.body;
    if (answer.status < 300 && cufe && number) {
      deps.logger.info({ account_id: account.id, number }, 'paper invoice issued as type 03');
      const page = `/admin/invoices/${encodeURIComponent(invoiceStreamName(account.tenantId, number))}`;
      return redirectWithFlash(reply, deps, page, 'paperIssued');
    }
    const refusal = paperRefusal(answer.body.error, answer.status, form.lines.length);
    // A refused content may have kept its key, so the corrected one is a new request; any other answer (a second click,
    // a busy service) keeps it, so sending again cannot issue the sale twice.
    const refusedContent = answer.status === 400 || answer.status === 422;
    const body = paperInvoiceForm(
      { ...form, formId: refusedContent ? randomUUID() : form.formId },
      { csrf: request.visitor.csrf, errors: refusal.errors, refusal },
    );
    return sendPage(request, reply, { title: TITLE, nav: 'invoices', body, status: 422 });
  });
}
