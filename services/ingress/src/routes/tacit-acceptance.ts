import {
  cufeSchema,
  type InvoiceStatus,
  type RadianEventRegistration,
  type TacitAcceptanceResponse,
} from '@fe/contracts';
import type { FastifyPluginAsync } from 'fastify';
import { ApiError } from '../http/api-error.ts';

/** What the seller's request for its tacit acceptance came to (the submitter's answer; docs/radian.md). */
export type TacitAcceptanceAnswer =
  | { kind: 'issued' | 'already'; registration: RadianEventRegistration }
  | {
      kind: 'refused';
      refusal:
        | { code: 'GOODS_NOT_RECEIVED' }
        | { code: 'TOO_EARLY'; availableFrom: string }
        | { code: 'BUYER_ANSWERED'; event: '031' | '033' };
    }
  | { kind: 'not-accepted' }
  | { kind: 'rejected'; statusCode: string; rules: { rule: string; message: string }[] }
  | { kind: 'unavailable'; reason: string };

/**
 * Who issues a tenant's 034: the submitter, which owns the DIAN gateway and the tenant's DIAN call slots; the
 * composition root fills it (the embedded shape: the submitter module's `requestTacitAcceptance`).
 */
export type TacitAcceptances = {
  request(invoiceId: string, tenantId: string): Promise<TacitAcceptanceAnswer>;
};

export type TacitAcceptancePorts = {
  invoices: {
    findByCufe(tenantId: string, cufe: string): Promise<{ invoiceId: string; status: InvoiceStatus } | undefined>;
  };
  tacitAcceptances: TacitAcceptances;
  /** Seconds a client waits before asking again when DIAN or the tenant's DIAN calls are busy (Retry-After). */
  retryAfterSeconds: number;
};

const BUYER_ANSWER = {
  '031': 'reclamó la factura (evento 031)',
  '033': 'la aceptó expresamente (evento 033)',
} as const;

/**
 * POST …/invoice/<cufe>/tacit-acceptance: the seller's tacit acceptance (RADIAN 034), issued when RADIAN allows it
 * (docs/radian.md, "Tacit acceptance"); refusals in Spanish with stable codes. Another tenant's cufe is answered like
 * an unknown one.
 */
export function tacitAcceptanceRoute(ports: TacitAcceptancePorts): FastifyPluginAsync {
  return async (app) => {
    app.post<{ Params: { cufe: string } }>('/api/v1/service/invoice/:cufe/tacit-acceptance', async (request, reply) => {
      const cufe = cufeSchema.safeParse(request.params.cufe);
      if (!cufe.success)
        throw new ApiError('VALIDATION_ERROR', 'El cufe no es válido.', [
          { path: 'cufe', message: cufe.error.issues[0]?.message ?? 'malformed' },
        ]);
      const invoice = await ports.invoices.findByCufe(request.tenantId, cufe.data);
      if (!invoice) throw new ApiError('INVOICE_NOT_FOUND', 'No hay una factura con este cufe para este emisor.', []);
      if (invoice.status !== 'accepted') throw notAccepted(invoice.status);
      const answer = await ports.tacitAcceptances.request(invoice.invoiceId, request.tenantId);
      switch (answer.kind) {
        case 'issued':
        case 'already': {
          const body: TacitAcceptanceResponse = {
            success: true,
            cufe: cufe.data,
            event: summary(answer.registration),
            status_url: `/api/v1/service/status/${cufe.data}`,
          };
          return reply.code(answer.kind === 'issued' ? 201 : 200).send(body);
        }
        case 'not-accepted':
          throw notAccepted(invoice.status);
        case 'refused': {
          const refusal = answer.refusal;
          if (refusal.code === 'GOODS_NOT_RECEIVED')
            throw new ApiError(
              'TACIT_ACCEPTANCE_GOODS_NOT_RECEIVED',
              'El adquirente no ha registrado en RADIAN el recibo del bien o la prestación del servicio (evento 032): la aceptación tácita aún no procede.',
              [{ path: 'buyer_answer', message: 'sin evento 032' }],
            );
          if (refusal.code === 'TOO_EARLY')
            throw new ApiError(
              'TACIT_ACCEPTANCE_TOO_EARLY',
              `Aún no han transcurrido tres días hábiles desde el recibo del bien o servicio: la aceptación tácita procede a partir del ${refusal.availableFrom}.`,
              [{ path: 'tacit_acceptance_available_from', message: refusal.availableFrom }],
            );
          throw new ApiError(
            'TACIT_ACCEPTANCE_BUYER_ANSWERED',
            `El adquirente ${BUYER_ANSWER[refusal.event]}: la aceptación tácita ya no procede.`,
            [{ path: 'buyer_answer', message: refusal.event }],
          );
        }
        case 'rejected':
          throw new ApiError(
            'TACIT_ACCEPTANCE_REJECTED',
            `La DIAN rechazó la aceptación tácita (estado ${answer.statusCode || 'sin código'}).`,
            answer.rules.map((r) => ({ path: 'tax_authority_response.errors', message: `${r.rule}: ${r.message}` })),
          );
        case 'unavailable':
          request.log.warn({ reason: answer.reason }, 'tacit acceptance not issued now');
          throw new ApiError(
            'UNAVAILABLE',
            'No fue posible consultar la DIAN o enviarle la aceptación tácita en este momento; intente de nuevo.',
            [{ path: '(dian)', message: answer.reason }],
            { 'Retry-After': String(ports.retryAfterSeconds) },
          );
      }
    });
  };
}

const notAccepted = (status: InvoiceStatus) =>
  new ApiError(
    'INVOICE_NOT_ACCEPTED',
    `La factura está ${status === 'pending' ? 'pendiente' : 'rechazada'}: solo una factura aceptada por la DIAN admite la aceptación tácita.`,
    [{ path: 'cufe', message: `status ${status}` }],
  );

function summary(r: RadianEventRegistration): TacitAcceptanceResponse['event'] {
  return {
    code: r.code,
    name: r.name,
    event_id: r.event_id,
    cude: r.cude,
    issue_date: r.issue_date,
    sender_nit: r.sender.nit,
    issued_by_us: r.issued_by_us,
    ...(r.registered_at ? { registered_at: r.registered_at } : {}),
  };
}
