import type { InvoiceStatus } from '@fe/contracts';
import { ApiError } from '../http/api-error.ts';

const BUYER_ANSWER: Record<string, string> = {
  '031': 'reclamó la factura (evento 031)',
  '033': 'la aceptó expresamente (evento 033)',
};

export const NAMES = {
  '034': 'la aceptación tácita',
  '036': 'la inscripción como título valor',
  '037': 'el endoso',
} as const;

/** Why RADIAN's order does not allow the seller's event now, in Spanish with its stable code (docs/api.md). */
export function refusal(r: {
  code: string;
  available_from?: string | undefined;
  event?: string | undefined;
}): ApiError {
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

export const notAccepted = (status: InvoiceStatus, code: '034' | '036' | '037') =>
  new ApiError(
    'INVOICE_NOT_ACCEPTED',
    `La factura está ${status === 'pending' ? 'pendiente' : status === 'accepted' ? 'sin aceptación de la DIAN registrada' : 'rechazada'}: solo una factura aceptada por la DIAN admite ${NAMES[code]}.`,
    [{ path: 'cufe', message: `status ${status}` }],
  );

/** A 036's or 037's terms the invoice does not allow (titleValueTerms), in Spanish with the fields at fault. */
export function invalidTerms(error: { code: string; details: { path: string; message: string }[] }): ApiError {
  if (error.code === 'TITLE_VALUE_CASH_INVOICE')
    return new ApiError(
      'TITLE_VALUE_CASH_INVOICE',
      'La factura es de contado (no tiene fecha de vencimiento): no puede inscribirse ni endosarse como título valor.',
      error.details,
    );
  return new ApiError('VALIDATION_ERROR', 'Los datos del título valor no corresponden a la factura.', error.details);
}
