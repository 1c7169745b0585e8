import { buyerEventRequestSchema, cufeSchema } from '@fe/contracts';
import type { Tenant } from '@fe/dian-domain';
import type { ReceivedInvoices } from '@fe/received-invoices';
import type { FastifyPluginAsync } from 'fastify';
import { ApiError } from '../http/api-error.ts';

export type ReceivedInvoicePorts = {
  /** `createReceivedInvoices` of @fe/received-invoices: checks off the event loop, the streams, the list. */
  received: ReceivedInvoices;
  tenants: { profile(tenantId: string): Promise<{ tenant: Tenant } | undefined> };
};

/** A supplier's zip (its PDF beside the XML) stays under DIAN's 2 MiB; some room for a bare XML's encoding. */
const UPLOAD_LIMIT_BYTES = 4 * 1024 * 1024;
const UPLOAD_TYPES = ['application/zip', 'application/xml', 'text/xml', 'application/octet-stream'];
const BASE = '/api/v1/service/received-invoices';

/**
 * The buyer's side of the API (docs/api.md, "Received invoices"): upload a supplier's zip or XML, list and read the
 * received invoices with their checks, and send the buyer's RADIAN events in order.
 */
export function receivedInvoiceRoutes(ports: ReceivedInvoicePorts): FastifyPluginAsync {
  return async (app) => {
    // Raw bodies only here (the rest of the API takes JSON alone).
    app.addContentTypeParser(UPLOAD_TYPES, { parseAs: 'buffer', bodyLimit: UPLOAD_LIMIT_BYTES }, (_req, body, done) =>
      done(null, body),
    );

    app.post<{ Querystring: { file_name?: string } }>(
      BASE,
      { bodyLimit: UPLOAD_LIMIT_BYTES },
      async (request, reply) => {
        if (!Buffer.isBuffer(request.body) || request.body.length === 0)
          throw new ApiError('RECEIVED_INVOICE_UNREADABLE', 'Envíe el zip o el XML del proveedor en el cuerpo.', [
            { path: '(body)', message: 'vacío o no es application/zip ni application/xml' },
          ]);
        const profile = await ports.tenants.profile(request.tenantId);
        if (!profile) throw new ApiError('UNAUTHORIZED', 'El emisor no existe.');
        const fileName =
          typeof request.query.file_name === 'string' ? request.query.file_name.slice(0, 200) : undefined;
        const outcome = await ports.received.import({
          tenantId: request.tenantId,
          tenantNit: profile.tenant.nit,
          bytes: request.body,
          source: 'upload',
          fileName,
          correlationId: request.id,
        });
        if (outcome.kind === 'unreadable')
          throw new ApiError('RECEIVED_INVOICE_UNREADABLE', `No se pudo leer la factura: ${outcome.reason}.`, [
            { path: '(body)', message: outcome.reason },
          ]);
        const view = await ports.received.get(request.tenantId, outcome.cufe);
        return reply.code(outcome.kind === 'imported' ? 201 : 200).send(view);
      },
    );

    app.get<{ Querystring: { limit?: string; before?: string } }>(BASE, async (request) => {
      const limit = Number(request.query.limit ?? 50);
      if (!Number.isInteger(limit) || limit < 1 || limit > 200)
        throw new ApiError('VALIDATION_ERROR', 'limit va de 1 a 200.', [{ path: 'limit', message: 'de 1 a 200' }]);
      const before = request.query.before ? new Date(request.query.before) : undefined;
      if (before && Number.isNaN(before.getTime()))
        throw new ApiError('VALIDATION_ERROR', 'before debe ser una fecha ISO 8601.', [
          { path: 'before', message: 'no es una fecha' },
        ]);
      const page = await ports.received.list(request.tenantId, { limit, ...(before ? { before } : {}) });
      return {
        invoices: page.invoices,
        ...(page.nextBefore ? { next_before: page.nextBefore.toISOString() } : {}),
      };
    });

    app.get<{ Params: { cufe: string } }>(`${BASE}/:cufe`, async (request) => {
      const cufe = parseCufe(request.params.cufe);
      const view = await ports.received.get(request.tenantId, cufe);
      if (!view) throw notFound();
      return view;
    });

    app.post<{ Params: { cufe: string } }>(`${BASE}/:cufe/events`, async (request, reply) => {
      const cufe = parseCufe(request.params.cufe);
      const body = buyerEventRequestSchema.safeParse(request.body);
      if (!body.success)
        throw new ApiError(
          'VALIDATION_ERROR',
          'El evento tiene campos inválidos o faltantes.',
          body.error.issues.map((i) => ({ path: i.path.join('.') || '(body)', message: i.message })),
        );
      const outcome = await ports.received.requestEvent(
        { tenantId: request.tenantId, cufe, correlationId: request.id },
        { ...body.data, from: 'api' },
      );
      if (outcome.kind === 'refused') {
        const { code, message, field, missing } = outcome.refusal;
        throw new ApiError(code, message, [{ path: field, message: missing ?? code }]);
      }
      const view = await ports.received.get(request.tenantId, cufe);
      return reply.code(202).send({ event_id: outcome.eventId, code: body.data.code, invoice: view });
    });
  };
}

function parseCufe(raw: string): string {
  const cufe = cufeSchema.safeParse(raw);
  if (!cufe.success)
    throw new ApiError('VALIDATION_ERROR', 'El cufe no es válido.', [
      { path: 'cufe', message: cufe.error.issues[0]?.message ?? 'malformed' },
    ]);
  return cufe.data;
}

const notFound = () =>
  new ApiError('RECEIVED_INVOICE_NOT_FOUND', 'No hay una factura recibida con este cufe para este comprador.', [
    { path: 'cufe', message: 'desconocido' },
  ]);
