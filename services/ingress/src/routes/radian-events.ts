import {
  cufeSchema,
  endorsementRequestSchema,
  titleValueRequestSchema,
  type InvoiceStatus,
  type RadianEventPendingResponse,
  type RadianEventRequest,
  type RadianEventResponse,
  type RadianEventSummary,
} from '@fe/contracts';
import { nitCheckDigit } from '@fe/dian-domain';
import { requestRadianEvent, type RadianRequestEntry, type WaitForView } from '@fe/invoice-status';
import type { Clock, EventStore } from '@fe/platform';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { ApiError } from '../http/api-error.ts';

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

const BUYER_ANSWER: Record<string, string> = {
  '031': 'reclamó la factura (evento 031)',
  '033': 'la aceptó expresamente (evento 033)',
};

const NAMES = { '034': 'la aceptación tácita', '036': 'la inscripción como título valor', '037': 'el endoso' } as const;

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
      const body = parsed(endorsementRequestSchema, request.body ?? {});
      const { document_type: type, id, dv } = body.endorsee;
      if (type === '31' && (dv === undefined || nitCheckDigit(id) !== dv))
        throw new ApiError('NIT_INVALID', 'El NIT del endosatario no corresponde a su dígito de verificación.', [
          { path: 'endorsee.dv', message: `expected ${nitCheckDigit(id)}` },
        ]);
      return answer(request, reply, await ask(request, { code: '037', ...body }));
    });
  };

  async function ask(
    request: FastifyRequest<{ Params: { cufe: string } }>,
    asked: Pick<RadianEventRequest, 'code'> & Partial<Pick<RadianEventRequest, 'operation_type' | 'endorsee'>>,
  ) {
    const cufe = cufeSchema.safeParse(request.params.cufe);
    if (!cufe.success)
      throw new ApiError('VALIDATION_ERROR', 'El cufe no es válido.', [
        { path: 'cufe', message: cufe.error.issues[0]?.message ?? 'malformed' },
      ]);
    const invoice = await ports.invoices.findByCufe(request.tenantId, cufe.data);
    if (!invoice) throw new ApiError('INVOICE_NOT_FOUND', 'No hay una factura con este cufe para este emisor.', []);
    if (invoice.status !== 'accepted') throw notAccepted(invoice.status, asked.code);
    const { requestId, entry, view } = await requestRadianEvent(
      ports,
      {
        tenantId: request.tenantId,
        invoiceId: invoice.invoiceId,
        correlationId: request.id,
        requested_by: `api:${request.tenantId}`,
        ...(asked as Pick<RadianEventRequest, 'code'>),
      },
      ports.waitMs,
    );
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

function refusal(r: { code: string; available_from?: string | undefined; event?: string | undefined }): ApiError {
  switch (r.code) {
    case 'GOODS_NOT_RECEIVED':
      return new ApiError(
        'TACIT_ACCEPTANCE_GOODS_NOT_RECEIVED',
        'El adquirente no ha registrado en RADIAN el recibo del bien o la prestación del servicio (evento 032): la aceptación tácita aún no procede.',
        [{ path: 'buyer_answer', message: 'sin evento 032' }],
      );
    case 'TOO_EARLY':
      return new ApiError(
        'TACIT_ACCEPTANCE_TOO_EARLY',
        `Aún no han transcurrido tres días hábiles desde el recibo del bien o servicio: la aceptación tácita procede a partir del ${r.available_from}.`,
        [{ path: 'tacit_acceptance_available_from', message: r.available_from ?? '' }],
      );
    case 'BUYER_ANSWERED':
      return new ApiError(
        'TACIT_ACCEPTANCE_BUYER_ANSWERED',
        `El adquirente ${BUYER_ANSWER[r.event ?? ''] ?? 'respondió'}: la aceptación tácita ya no procede.`,
        [{ path: 'buyer_answer', message: r.event ?? '' }],
      );
    case 'NOT_BUYER_ACCEPTED':
      return new ApiError(
        'TITLE_VALUE_NOT_ACCEPTED',
        'El adquirente no ha aceptado la factura (evento 033, o la aceptación tácita 034): aún no puede inscribirse como título valor.',
        [{ path: 'buyer_answer', message: 'sin evento 033 ni 034' }],
      );
    case 'NOT_A_TITLE':
      return new ApiError(
        'TITLE_VALUE_NOT_REGISTERED',
        'La factura no está inscrita como título valor (evento 036): no puede endosarse.',
        [{ path: 'radian_events', message: 'sin evento 036' }],
      );
    default:
      return new ApiError(
        'TITLE_VALUE_NOT_HOLDER',
        'El emisor ya no es el tenedor legítimo del título valor (fue endosado): no puede endosarlo.',
        [{ path: 'radian_events', message: 'evento 037 registrado' }],
      );
  }
}

const notAccepted = (status: InvoiceStatus, code: '034' | '036' | '037') =>
  new ApiError(
    'INVOICE_NOT_ACCEPTED',
    `La factura está ${status === 'pending' ? 'pendiente' : status === 'accepted' ? 'sin aceptación de la DIAN registrada' : 'rechazada'}: solo una factura aceptada por la DIAN admite ${NAMES[code]}.`,
    [{ path: 'cufe', message: `status ${status}` }],
  );
