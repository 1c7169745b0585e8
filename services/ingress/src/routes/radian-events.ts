import {
  cufeSchema,
  endorsementRequestSchema,
  titleValueRequestSchema,
  type InvoiceStatus,
  type RadianEventPendingResponse,
  type RadianEventResponse,
  type RadianEventSummary,
} from '@fe/contracts';
import { nitCheckDigit } from '@fe/dian-domain';
import { requestRadianEvent, type RadianAsk, type RadianRequestEntry, type WaitForView } from '@fe/invoice-status';
import type { Clock, EventStore } from '@fe/platform';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { ApiError } from '../http/api-error.ts';
import { invalidTerms, NAMES, notAccepted, refusal } from './radian-event-errors.ts';

export type RadianEventPorts = {
  store: EventStore;
  clock: Clock;
  invoices: {
    findByCufe(tenantId: string, cufe: string): Promise<{ invoiceId: string; status: InvoiceStatus } | undefined>;
  };
  /** How the request's answer is awaited (the ingress's outcomes). */
  waitFor: WaitForView;
  /** How long a request waits for the submitter's answer before answering 202 (ms). */
  waitMs: number;
  /** Seconds a client waits before asking again when DIAN or the tenant's DIAN calls are busy (Retry-After). */
  retryAfterSeconds: number;
};

/**
 * The seller's RADIAN events (docs/radian.md, "The seller's requests"): POST …/invoice/<cufe>/tacit-acceptance (034),
 * …/title-value (036) and …/endorsement (037). Each records InvoiceRadianEventRequested and waits for the submitter's
 * answer: 201 issued, 200 issued before, 202 not answered within the wait; refusals in Spanish with stable codes.
 * Another tenant's cufe is answered like an unknown one.
 */
export function radianEventRoutes(ports: RadianEventPorts): FastifyPluginAsync {
  return async (app) => {
    app.post<{ Params: { cufe: string } }>('/api/v1/service/invoice/:cufe/tacit-acceptance', async (request, reply) => {
      return answer(request, reply, await ask(request, { code: '034' }));
    });
    app.post<{ Params: { cufe: string } }>('/api/v1/service/invoice/:cufe/title-value', async (request, reply) => {
      const body = parsed(titleValueRequestSchema, request.body ?? {});
      return answer(request, reply, await ask(request, { code: '036', ...body }));
    });
    app.post<{ Params: { cufe: string } }>('/api/v1/service/invoice/:cufe/endorsement', async (request, reply) => {
      const { kind, ...body } = parsed(endorsementRequestSchema, request.body ?? {});
      const { document_type: type, id, dv } = body.endorsee;
      if (type === '31' && (dv === undefined || nitCheckDigit(id) !== dv))
        throw new ApiError('NIT_INVALID', 'El NIT del endosatario no corresponde a su dígito de verificación.', [
          { path: 'endorsee.dv', message: `expected ${nitCheckDigit(id)}` },
        ]);
      return answer(request, reply, await ask(request, { code: '037', endorsement_kind: kind, ...body }));
    });
  };

  async function ask(request: FastifyRequest<{ Params: { cufe: string } }>, asked: RadianAsk) {
    const cufe = cufeSchema.safeParse(request.params.cufe);
    if (!cufe.success)
      throw new ApiError('VALIDATION_ERROR', 'El cufe no es válido.', [
        { path: 'cufe', message: cufe.error.issues[0]?.message ?? 'malformed' },
      ]);
    const invoice = await ports.invoices.findByCufe(request.tenantId, cufe.data);
    if (!invoice) throw new ApiError('INVOICE_NOT_FOUND', 'No hay una factura con este cufe para este emisor.', []);
    if (invoice.status !== 'accepted') throw notAccepted(invoice.status, asked.code);
    const asking = await requestRadianEvent(
      ports,
      {
        ...asked,
        tenantId: request.tenantId,
        invoiceId: invoice.invoiceId,
        correlationId: request.id,
        requested_by: `api:${request.tenantId}`,
      },
      ports.waitMs,
    );
    if (asking.invalid) throw invalidTerms(asking.invalid);
    const { requestId, entry, view } = asking;
    return {
      cufe: cufe.data,
      code: asked.code,
      requestId,
      entry,
      events: view?.radianEvents ?? [],
      status: invoice.status,
    };
  }

  function answer(
    request: FastifyRequest,
    reply: { code(status: number): { send(body: unknown): unknown } },
    asked: {
      cufe: string;
      code: '034' | '036' | '037';
      requestId: string;
      entry: RadianRequestEntry | undefined;
      events: RadianEventSummary[];
      status: InvoiceStatus;
    },
  ) {
    const { cufe, code } = asked;
    const status_url = `/api/v1/service/status/${cufe}`;
    const result = asked.entry?.answer;
    if (!result) {
      const body: RadianEventPendingResponse = { success: true, cufe, request_id: asked.requestId, status_url };
      return reply.code(202).send(body);
    }
    switch (result.outcome) {
      case 'issued':
      case 'already': {
        const event = asked.events.find((e) => e.cude === result.cude);
        if (!event) throw new Error('the answer names an event the view does not list');
        const body: RadianEventResponse = { success: true, cufe, event, status_url };
        return reply.code(result.outcome === 'issued' ? 201 : 200).send(body);
      }
      case 'not_accepted':
        throw notAccepted(asked.status, code);
      case 'refused':
        throw refusal(result.refusal!);
      case 'rejected':
        throw new ApiError(
          code === '034' ? 'TACIT_ACCEPTANCE_REJECTED' : 'RADIAN_EVENT_REJECTED',
          `La DIAN rechazó ${NAMES[code]} (estado ${result.status_code || 'sin código'}).`,
          (result.rules ?? []).map((r) => ({
            path: 'tax_authority_response.errors',
            message: `${r.rule}: ${r.message}`,
          })),
        );
      case 'unavailable':
        request.log.warn({ reason: result.reason, code }, 'RADIAN event not issued now');
        throw new ApiError(
          'UNAVAILABLE',
          `No fue posible consultar la DIAN o enviarle ${NAMES[code]} en este momento; intente de nuevo.`,
          [{ path: '(dian)', message: result.reason ?? 'unavailable' }],
          { 'Retry-After': String(ports.retryAfterSeconds) },
        );
    }
  }
}

function parsed<T>(
  schema: {
    safeParse(
      v: unknown,
    ): { success: true; data: T } | { success: false; error: { issues: { path: PropertyKey[]; message: string }[] } };
  },
  body: unknown,
): T {
  const result = schema.safeParse(body);
  if (result.success) return result.data;
  throw new ApiError(
    'VALIDATION_ERROR',
    'El cuerpo de la solicitud no es válido.',
    result.error.issues.map((i) => ({ path: i.path.join('.') || '(body)', message: i.message })),
  );
}
