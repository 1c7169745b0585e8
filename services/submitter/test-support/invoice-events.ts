// Invoice event streams for the submitter's decision tests: each helper makes one event of the
// stream `inv-demo-SETP990000001`, in the one envelope, with the data the contracts require.
import {
  automaticTacitRequester,
  type InvoiceEvent,
  type InvoiceSubmissionFailedV1,
  type RadianEventRegistration,
} from '@fe/contracts';
import type { RegisteredEventEntry } from '@fe/dian-xml';
import { invoiceRequested } from '@fe/dian-client/testing';
import { newInvoiceEvent, type EventMeta } from '@fe/platform';

const INVOICE_ID = 'inv-demo-SETP990000001';
const CUFE = 'a'.repeat(96);
const meta: EventMeta = { tenantId: 'demo', invoiceId: INVOICE_ID, correlationId: 'req-1', causationId: 'req-1' };
const at = (iso: string) => ({ now: () => new Date(iso) });

export const requested = invoiceRequested;

export const signed = (): InvoiceEvent =>
  newInvoiceEvent(
    'InvoiceSigned',
    {
      xml_key: 'demo/SETP990000001.xml',
      xml_sha256: '0'.repeat(64),
      signed_at: '2026-11-22T15:00:01Z',
      certificate_serial: '0badc0ffee',
    },
    meta,
    at('2026-11-22T15:00:01Z'),
  );

export const submitted = (attempt: number): InvoiceEvent =>
  newInvoiceEvent(
    'InvoiceSubmitted',
    {
      attempt,
      operation: 'SendBillSync',
      track_id: CUFE,
      endpoint: 'http://127.0.0.1:8081/WcfDianCustomerServices.svc',
    },
    meta,
    at('2026-11-22T15:00:02Z'),
  );

export const failedAttempt = (data: Partial<InvoiceSubmissionFailedV1['data']> & { attempt: number }): InvoiceEvent =>
  newInvoiceEvent(
    'InvoiceSubmissionFailed',
    {
      retriable: true,
      reason: 'HTTP_503',
      message: 'DIAN answered HTTP 503',
      outcome_unknown: false,
      ...data,
    },
    meta,
    at('2026-11-22T15:00:02Z'),
  );

export const accepted = (): InvoiceEvent =>
  newInvoiceEvent(
    'InvoiceAccepted',
    {
      track_id: CUFE,
      status_code: '00',
      status_description: 'Procesado Correctamente.',
      status_message: 'ok',
      notifications: [],
      validated_at: '2026-11-22T15:00:03Z',
    },
    meta,
    at('2026-11-22T15:00:03Z'),
  );

export const rejected = (): InvoiceEvent =>
  newInvoiceEvent(
    'InvoiceRejected',
    {
      track_id: CUFE,
      status_code: '99',
      status_description: 'Validación contiene errores en campos mandatorios.',
      status_message: '',
      errors: [{ rule: 'FAD06', message: 'Valor del CUFE no está calculado correctamente.' }],
      rejected_at: '2026-11-22T15:00:03Z',
    },
    meta,
    at('2026-11-22T15:00:03Z'),
  );

/** A RADIAN event as GetStatusEvent lists it (dian-xml's entry), by code, CUDE digit and issue date. */
export const listedEvent = (
  code: string,
  cudeDigit: string,
  issueDate: string,
  extra: Partial<RegisteredEventEntry> = {},
): RegisteredEventEntry => ({
  eventCode: code,
  description: `Evento ${code}`,
  claimReason: undefined,
  registeredDate: issueDate,
  registeredTime: '17:00:00Z',
  id: `EV${code}${cudeDigit}`,
  cude: cudeDigit.repeat(96),
  issueDate,
  issueTime: '12:00:00-05:00',
  documentTypeCode: '96',
  sender: { name: 'Cliente S.A.S.', id: '900108281', dv: '4', documentType: '31' },
  recipient: undefined,
  ...extra,
});

/** The invoice's stream recorded a RADIAN event (as a check appends it). */
export const radianRegistered = (
  data: Partial<RadianEventRegistration> & Pick<RadianEventRegistration, 'code' | 'cude' | 'issue_date'>,
): InvoiceEvent =>
  newInvoiceEvent(
    'InvoiceRadianEventRegistered',
    {
      name: `Evento ${data.code}`,
      event_id: `EV${data.code}`,
      issue_time: '12:00:00-05:00',
      sender: { nit: '900108281' },
      issued_by_us: false,
      ...data,
    },
    meta,
    at('2026-11-23T15:00:00Z'),
  );

/** The automatic 034 DIAN rejected, as the event check records it: the schedule's request and its answer. */
export const automaticTacitRejected = (): InvoiceEvent[] => {
  const request = { request_id: '5f1e2a3b-4c5d-4e6f-8a9b-0c1d2e3f4a5b', code: '034' as const };
  return [
    newInvoiceEvent(
      'InvoiceRadianEventRequested',
      { ...request, requested_by: automaticTacitRequester, requested_at: '2026-12-11T05:00:00.000Z' },
      meta,
      at('2026-12-11T05:00:00Z'),
    ),
    newInvoiceEvent(
      'InvoiceRadianEventAnswered',
      {
        ...request,
        outcome: 'rejected',
        status_code: '99',
        rules: [{ rule: 'DC24c', message: 'Evento antes de tiempo' }],
        answered_at: '2026-12-11T05:00:01.000Z',
      },
      meta,
      at('2026-12-11T05:00:01Z'),
    ),
  ];
};

/** The invoice's request, sold on credit: its payment carries a due date (a título valor's, 036 and 037). */
export function requestedOnCredit(dueDate: string): InvoiceEvent {
  const event = requested();
  if (event.type !== 'InvoiceRequested') throw new Error('not an invoice request');
  event.data.request.payment = { method_code: '31', due_date: dueDate };
  return event;
}
