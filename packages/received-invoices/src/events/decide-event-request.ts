import type { BuyerEventCode, ReceivedInvoiceEventRequestedV1 } from '@fe/contracts';
import { eventStatus, type ReceivedInvoiceState } from '../stream/received-invoice-state.ts';
import { buyerEventId } from './buyer-event-id.ts';

/** What the buyer asks for: an event, with who received or accepted it, or a claim's reason. */
export type BuyerEventRequest = {
  code: BuyerEventCode;
  person?: ReceivedInvoiceEventRequestedV1['data']['person'];
  claim?: ReceivedInvoiceEventRequestedV1['data']['claim'];
  from: 'api' | 'portal';
};

export type BuyerEventRefusalCode =
  | 'RECEIVED_INVOICE_NOT_FOUND'
  | 'RECEIVED_INVOICE_CHECKS_FAILED'
  | 'BUYER_EVENT_OUT_OF_ORDER'
  | 'BUYER_EVENT_REPEATED'
  | 'BUYER_EVENT_PENDING';

export type BuyerEventDecision =
  | { action: 'request'; data: ReceivedInvoiceEventRequestedV1['data'] }
  | { action: 'refuse'; code: BuyerEventRefusalCode; message: string; field: string; missing?: string };

const NAMES: Record<BuyerEventCode, string> = {
  '030': 'el acuse de recibo (030)',
  '031': 'el reclamo (031)',
  '032': 'el recibo del bien o servicio (032)',
  '033': 'la aceptación expresa (033)',
};

/** The event each one needs registered before it (RADIAN: 030 → 032 → 031 or 033). */
const NEEDS: Partial<Record<BuyerEventCode, BuyerEventCode>> = { '032': '030', '031': '032', '033': '032' };
/** A claim and an express acceptance exclude each other. */
const EXCLUDES: Partial<Record<BuyerEventCode, BuyerEventCode>> = { '031': '033', '033': '031' };

/**
 * Whether the buyer may ask for this event now (pure): before anything is signed, the order DIAN enforces (SIM-EV07,
 * SIM-EV08, AAH09) is enforced here on what DIAN registered, one event on its way at a time.
 */
export function decideBuyerEvent(request: BuyerEventRequest, state: ReceivedInvoiceState): BuyerEventDecision {
  const imported = state.imported;
  if (!imported)
    return refuse(
      'RECEIVED_INVOICE_NOT_FOUND',
      'No hay una factura recibida con este cufe para este comprador.',
      'cufe',
    );
  if (!imported.data.checks_passed) {
    const failed = imported.data.checks.filter((c) => !c.ok).map((c) => c.code);
    return refuse(
      'RECEIVED_INVOICE_CHECKS_FAILED',
      `La factura recibida no pasó sus verificaciones (${failed.join(', ')}): no se pueden enviar eventos sobre ella.`,
      'checks',
    );
  }
  const pending = state.events.find((e) => eventStatus(e) === 'requested');
  if (pending)
    return refuse(
      'BUYER_EVENT_PENDING',
      `${capital(NAMES[pending.requested.data.code])} espera todavía la respuesta de la DIAN.`,
      'code',
      pending.requested.data.code,
    );
  const registered = new Set(state.events.filter((e) => e.registered).map((e) => e.requested.data.code));
  const { code } = request;
  if (registered.has(code)) return refuse('BUYER_EVENT_REPEATED', `La DIAN ya registró ${NAMES[code]}.`, 'code', code);
  const excluded = EXCLUDES[code];
  if (excluded && registered.has(excluded))
    return refuse(
      'BUYER_EVENT_REPEATED',
      `No se puede enviar ${NAMES[code]}: la DIAN ya registró ${NAMES[excluded]}.`,
      'code',
      excluded,
    );
  const needed = NEEDS[code];
  if (needed && !registered.has(needed)) {
    const missing = registered.has('030') || needed === '030' ? needed : '030';
    return refuse(
      'BUYER_EVENT_OUT_OF_ORDER',
      `${capital(NAMES[missing])} debe estar registrado en la DIAN antes de enviar ${NAMES[code]}.`,
      'code',
      missing,
    );
  }
  return {
    action: 'request',
    data: {
      code,
      event_id: buyerEventId(imported.data.cufe),
      ...(request.person ? { person: request.person } : {}),
      ...(request.claim ? { claim: request.claim } : {}),
      requested_from: request.from,
    },
  };
}

const refuse = (code: BuyerEventRefusalCode, message: string, field: string, missing?: string): BuyerEventDecision => ({
  action: 'refuse',
  code,
  message,
  field,
  ...(missing ? { missing } : {}),
});

const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
