import { buyerEventRequestSchema, cufeSchema } from '@fe/contracts';
import type { FastifyInstance } from 'fastify';
import { PortalError } from '../errors.ts';
import { notice } from '../html/form.ts';
import { receivedDetailBody, receivedListBody } from '../html/received-invoice-pages.ts';
import type { PortalDeps } from '../portal-deps.ts';
import { requireAccount, sendPage, text } from './guard.ts';

const LIST_LIMIT = 200;

/** "Facturas recibidas": the tenant as a buyer (docs/radian.md, "The buyer's side"); the API's operations. */
export function receivedInvoiceRoutes(scope: FastifyInstance, deps: PortalDeps): void {
  const received = deps.receivedInvoices;
  if (!received) return;

  scope.get('/received', async (request, reply) => {
    const account = requireAccount(request, reply);
    if (!account) return reply;
    const page = await received.list(account.tenantId, { limit: LIST_LIMIT });
    return sendPage(request, reply, {
      title: 'Facturas recibidas',
      nav: 'received',
      body: receivedListBody(page.invoices, request.visitor.csrf),
    });
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
