import { buyerEventRequestSchema, cufeSchema, receptionMailboxRequestSchema } from '@fe/contracts';
import { imapSettings, isMailError } from '@fe/mail';
import type { FastifyInstance } from 'fastify';
import { PortalError } from '../errors.ts';
import { notice } from '../html/form.ts';
import { receivedDetailBody, receivedListBody, type MailboxForm } from '../html/received-invoice-pages.ts';
import type { PortalDeps } from '../portal-deps.ts';
import { redirectWithFlash, takeFlash } from './flash.ts';
import { exact, requireAccount, sendPage, text } from './guard.ts';

const LIST_LIMIT = 200;

/** "Facturas recibidas": the tenant as a buyer (docs/radian.md, "The buyer's side"); the API's operations. */
export function receivedInvoiceRoutes(scope: FastifyInstance, deps: PortalDeps): void {
  const received = deps.receivedInvoices;
  if (!received) return;

  const mailboxForm = async (tenantId: string, form: Partial<MailboxForm> = {}): Promise<MailboxForm | undefined> =>
    deps.receptionMailboxes ? { current: await deps.receptionMailboxes.get(tenantId), errors: {}, ...form } : undefined;

  scope.get('/received', async (request, reply) => {
    const account = requireAccount(request, reply);
    if (!account) return reply;
    const page = await received.list(account.tenantId, { limit: LIST_LIMIT });
    const flash = takeFlash(request, reply, deps);
    return sendPage(request, reply, {
      title: 'Facturas recibidas',
      nav: 'received',
      body: receivedListBody(
        page.invoices,
        request.visitor.csrf,
        flash ? notice('ok', flash) : undefined,
        await mailboxForm(account.tenantId),
      ),
    });
  });

  // The reception mailbox, as PUT /api/v1/service/reception-mailbox sets it; every field at fault in one round.
  scope.post('/received/mailbox', async (request, reply) => {
    const account = requireAccount(request, reply);
    if (!account) return reply;
    if (!deps.receptionMailboxes) throw new PortalError('NOT_FOUND');
    const body = request.body;
    const values = { url: text(body, 'url'), user: text(body, 'user'), folder: text(body, 'folder') || 'INBOX' };
    const parsed = receptionMailboxRequestSchema.safeParse({ ...values, password: exact(body, 'password') });
    const errors: Record<string, string> = {};
    if (!parsed.success)
      for (const issue of parsed.error.issues) errors[String(issue.path[0] ?? 'url')] ??= 'Escriba este dato.';
    else
      try {
        imapSettings(parsed.data);
      } catch (error) {
        if (!isMailError(error)) throw error;
        errors[error.code === 'MAILBOX_CREDENTIALS_MISSING' ? 'user' : 'url'] =
          error.code === 'MAILBOX_URL_HAS_CREDENTIALS'
            ? 'Sin usuario ni clave en la URL: van en sus campos.'
            : 'Debe ser imaps://servidor o imap://servidor.';
      }
    if (!parsed.success || Object.keys(errors).length) {
      const page = await received.list(account.tenantId, { limit: LIST_LIMIT });
      return sendPage(request, reply, {
        title: 'Facturas recibidas',
        nav: 'received',
        status: 422,
        body: receivedListBody(
          page.invoices,
          request.visitor.csrf,
          undefined,
          await mailboxForm(account.tenantId, { values, errors }),
        ),
      });
    }
    const { password, ...settings } = parsed.data;
    await deps.receptionMailboxes.set(account.tenantId, settings, password, deps.clock.now());
    deps.logger.info({ account_id: account.id }, 'reception mailbox set');
    return redirectWithFlash(reply, deps, '/admin/received', 'mailbox');
  });

  scope.post('/received', async (request, reply) => {
    const account = requireAccount(request, reply);
    if (!account) return reply;
    const file = (request.body as Record<string, unknown> | undefined)?.file;
    if (!Buffer.isBuffer(file) || file.length === 0) throw new PortalError('RECEIVED_INVOICE_UNREADABLE');
    const profile = await deps.registry.profile(account.tenantId);
    if (!profile) throw new PortalError('NOT_FOUND');
    const outcome = await received.import({
      tenantId: account.tenantId,
      tenantNit: profile.tenant.nit,
      bytes: file,
      source: 'upload',
      correlationId: request.id,
    });
    if (outcome.kind === 'unreadable') {
      const page = await received.list(account.tenantId, { limit: LIST_LIMIT });
      return sendPage(request, reply, {
        title: 'Facturas recibidas',
        nav: 'received',
        status: 422,
        body: receivedListBody(
          page.invoices,
          request.visitor.csrf,
          notice('error', `No se pudo leer la factura: ${outcome.reason}.`, 'RECEIVED_INVOICE_UNREADABLE'),
        ),
      });
    }
    deps.logger.info(
      { account_id: account.id, cufe: outcome.cufe, outcome: outcome.kind },
      'received invoice uploaded',
    );
    return reply.redirect(`/admin/received/${outcome.cufe}`, 303);
  });

  scope.get('/received/:cufe', async (request, reply) => {
    const account = requireAccount(request, reply);
    if (!account) return reply;
    const cufe = cufeSchema.safeParse((request.params as { cufe: string }).cufe);
    const invoice = cufe.success ? await received.get(account.tenantId, cufe.data) : undefined;
    if (!invoice) throw new PortalError('NOT_FOUND');
    return sendPage(request, reply, {
      title: `Factura recibida ${invoice.number}`,
      nav: 'received',
      body: receivedDetailBody(invoice, request.visitor.csrf),
    });
  });

  scope.post('/received/:cufe/events', async (request, reply) => {
    const account = requireAccount(request, reply);
    if (!account) return reply;
    const cufe = cufeSchema.safeParse((request.params as { cufe: string }).cufe);
    if (!cufe.success) throw new PortalError('NOT_FOUND');
    const body = request.body;
    const code = text(body, 'code');
    const optional = (name: string) => (text(body, name) ? { [name]: text(body, name) } : {});
    const parsed = buyerEventRequestSchema.safeParse(
      code === '031'
        ? {
            code,
            claim: {
              reason: text(body, 'claim_reason'),
              ...(text(body, 'claim_text') ? { text: text(body, 'claim_text') } : {}),
            },
          }
        : {
            code,
            person: {
              id: text(body, 'person_id'),
              first_name: text(body, 'first_name'),
              family_name: text(body, 'family_name'),
              ...optional('job_title'),
              ...optional('department'),
            },
          },
    );
    if (!parsed.success) throw new PortalError('FORM_INVALID');
    const outcome = await received.requestEvent(
      { tenantId: account.tenantId, cufe: cufe.data, correlationId: request.id },
      { ...parsed.data, from: 'portal' },
    );
    if (outcome.kind === 'refused') {
      const refusal = outcome.refusal.code;
      throw new PortalError(refusal === 'RECEIVED_INVOICE_NOT_FOUND' ? 'NOT_FOUND' : refusal);
    }
    deps.logger.info({ account_id: account.id, code, event_id: outcome.eventId }, "buyer's event requested");
    return reply.redirect(`/admin/received/${cufe.data}`, 303);
  });
}
